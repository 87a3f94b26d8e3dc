// iCalendar (RFC 5545) text of a calendar of timed events: what a phone calendar subscribes to (a
// team's schedule feed) or opens from a mail attachment. Times are written in UTC ('…Z'), so no time
// zone definitions are needed; the calendar app shows them in its own zone.

export interface CalendarEvent {
  /** Globally unique and stable across versions of the feed, so that an updated event replaces the old one. */
  uid: string;
  /** Unix seconds. */
  start: number;
  end: number;
  summary: string;
  location?: string;
  description?: string;
}

export interface Calendar {
  /** The calendar's name as the app lists it. */
  name: string;
  events: readonly CalendarEvent[];
  /** Unix seconds: DTSTAMP, when the text was made. */
  now: number;
  /** METHOD:PUBLISH for an entry sent by mail (its Content-Type says the same); none for a subscribed feed. */
  method?: 'PUBLISH';
}

/** 20250514T150000Z. */
export const icsTime = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export const icsText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

const encoder = new TextEncoder();

/** Folds a content line into lines of at most 75 octets, continuation lines starting with a space (§3.1), never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; continuations 74 after their leading space.
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The calendar as text: CRLF line ends, folded lines. */
export function icsCalendar({ name, events, now, method }: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Touchline//Touchline//EN',
    'CALSCALE:GREGORIAN',
    ...(method ? [`METHOD:${method}`] : []),
    `X-WR-CALNAME:${icsText(name)}`,
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${icsText(e.uid)}`,
      `DTSTAMP:${icsTime(now)}`,
      `DTSTART:${icsTime(e.start)}`,
      `DTEND:${icsTime(e.end)}`,
      `SUMMARY:${icsText(e.summary)}`,
      ...(e.location ? [`LOCATION:${icsText(e.location)}`] : []),
      ...(e.description ? [`DESCRIPTION:${icsText(e.description)}`] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
