import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldLine, icsCalendar, icsText, icsTime } from '../../core/ical';

// iCalendar text (RFC 5545) for the team feed: escaped TEXT values, lines folded at 75 octets without
// splitting a character, CRLF line ends, UTC times.

const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('iCalendar text', () => {
  it('folds any line into lines of at most 75 octets that unfold to it, never inside a character', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (line) => {
      const folded = foldLine(line);
      for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      expect(unfold(folded)).toBe(line);
    }));
  });

  it('escapes backslash, semicolon, comma and line breaks in text', () => {
    expect(icsText('Field 1; North, "A"\\B\nline')).toBe('Field 1\\; North\\, "A"\\\\B\\nline');
  });

  it('writes times in UTC and a calendar with CRLF line ends', () => {
    expect(icsTime(1_747_234_800)).toBe('20250514T150000Z');
    const text = icsCalendar({ name: 'Red Lions', now: 1_747_234_800, events: [{ uid: 'match-1@example.com', start: 1_747_234_800, end: 1_747_237_800, summary: 'Red Lions vs Blue Sharks', location: 'Field 1, Downtown' }] });
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Touchline//Touchline//EN', 'CALSCALE:GREGORIAN', 'X-WR-CALNAME:Red Lions',
      'BEGIN:VEVENT', 'UID:match-1@example.com', 'DTSTAMP:20250514T150000Z', 'DTSTART:20250514T150000Z', 'DTEND:20250514T155000Z',
      'SUMMARY:Red Lions vs Blue Sharks', 'LOCATION:Field 1\\, Downtown', 'END:VEVENT', 'END:VCALENDAR', '',
    ]);
  });
});
