import { describe, expect, it } from 'vitest';
import { rolloverName } from '../../core/validation/leagues';

// The rollover wizard's name follows the season and year chosen (issue 41 m7).
describe('rolloverName', () => {
  it('replaces the season word and the year, or puts them in front', () => {
    expect(rolloverName('Fall 2026 Adult League Brooklyn', 'Winter', 2027)).toBe('Winter 2027 Adult League Brooklyn');
    expect(rolloverName('Summer 2 2026 Cup', 'Fall', 2027)).toBe('Fall 2027 Cup');
    expect(rolloverName('Fall Season', 'Winter', 2027)).toBe('Winter 2027 Season');
    expect(rolloverName('Adult League 2026', 'Spring 1', 2028)).toBe('Adult League 2028');
    expect(rolloverName('Adult League', 'Spring 1', 2028)).toBe('Spring 1 2028 Adult League');
  });
});
