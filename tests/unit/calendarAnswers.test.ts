import { describe, expect, it } from 'vitest';
import { CalendarAnswers } from '../../server/routes/events/calendarCache';

describe('CalendarAnswers', () => {
  it('answers a kept answer only at the version it was read at', () => {
    const answers = new CalendarAnswers();
    answers.set('week 1 0 7', '5', '[1]');
    expect(answers.get('week 1 0 7', '5')?.json).toBe('[1]');
    expect(answers.get('week 1 0 7', '6')).toBeUndefined();
    expect(answers.get('week 2 0 7', '5')).toBeUndefined();
    answers.set('week 1 0 7', '6', '[2]');
    expect(answers.get('week 1 0 7', '6')?.json).toBe('[2]');
    expect(answers.size).toBe(1);
  });

  it('drops the least recently used answers past its size, never the newest', () => {
    const answers = new CalendarAnswers(25);
    const text = (n: number) => `[${'0,'.repeat(4)}${n}]`; // 12 bytes
    answers.set('a', '1', text(1));
    answers.set('b', '1', text(2));
    expect(answers.get('a', '1')).toBeDefined(); // a is now the most recently used
    answers.set('c', '1', text(3));
    expect([answers.get('a', '1'), answers.get('b', '1'), answers.get('c', '1')].map((x) => x?.json)).toEqual([text(1), undefined, text(3)]);
    expect(answers.bytes).toBeLessThanOrEqual(25);
    answers.set('big', '1', 'x'.repeat(100));
    expect(answers.size).toBe(1);
    expect(answers.get('big', '1')).toBeDefined();
  });
});
