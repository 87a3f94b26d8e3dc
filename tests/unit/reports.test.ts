import { describe, expect, it } from 'vitest';
import {
  businessDayWindow, businessWeekWindow, dateWindow, isIsoDate, lastDays, modEarliest, modRange, percentChange, previousPeriod,
  rangeAllowed, rangeMessage, REPORT_MESSAGES, weekBefore,
} from '../../core/reports';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const utc = (iso: string) => Date.parse(iso) / 1000;

describe('week over week', () => {
  it('answers the change in percent, and 0 when the previous value is 0', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(100, 0)).toBe(0);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(-50, -100)).toBe(50);
  });

  it('compares with the previous period of equal length', () => {
    expect(previousPeriod('2026-11-16', '2026-11-22')).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(previousPeriod('2026-03-01', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(weekBefore('2026-11-20', '2026-11-20')).toEqual({ from: '2026-11-13', to: '2026-11-13' });
  });
});

describe('report windows in the facility time zone', () => {
  it('reads whole days, end included, in the zone', () => {
    expect(dateWindow('2026-11-20', '2026-11-22', NY)).toEqual({ start: utc('2026-11-20T05:00:00Z'), end: utc('2026-11-23T05:00:00Z') });
    expect(dateWindow('2026-11-20', '2026-11-20', LA)).toEqual({ start: utc('2026-11-20T08:00:00Z'), end: utc('2026-11-21T08:00:00Z') });
  });

  it('has 23-hour and 25-hour days across daylight-saving changes', () => {
    const spring = dateWindow('2026-03-08', '2026-03-08', NY);
    expect(spring.end - spring.start).toBe(23 * 3600);
    const fall = dateWindow('2026-11-01', '2026-11-01', NY);
    expect(fall.end - fall.start).toBe(25 * 3600);
  });

  it('runs the daily report from 4:00 to 4:00 in the zone, across a DST change too', () => {
    expect(businessDayWindow('2026-11-20', '2026-11-20', NY)).toEqual({ start: utc('2026-11-20T09:00:00Z'), end: utc('2026-11-21T09:00:00Z') });
    const spring = businessDayWindow('2026-03-07', '2026-03-07', LA);
    expect(spring).toEqual({ start: utc('2026-03-07T12:00:00Z'), end: utc('2026-03-08T11:00:00Z') });
  });

  it('runs the week from Monday 4:00 to the next Monday 4:00', () => {
    // Friday 2026-11-20 lies in the week of Monday 2026-11-16.
    expect(businessWeekWindow('2026-11-20', NY)).toEqual({ start: utc('2026-11-16T09:00:00Z'), end: utc('2026-11-23T09:00:00Z') });
    // A Monday starts its own week; a Sunday belongs to the week before.
    expect(businessWeekWindow('2026-11-16', NY).start).toBe(utc('2026-11-16T09:00:00Z'));
    expect(businessWeekWindow('2026-11-22', NY).start).toBe(utc('2026-11-16T09:00:00Z'));
    // The week of the autumn change is one hour longer.
    const fall = businessWeekWindow('2026-11-01', NY);
    expect(fall.end - fall.start).toBe(7 * 86400 + 3600);
  });

  it('defaults to the last 7 days, today included, in the zone', () => {
    const now = new Date('2026-11-21T03:00:00Z'); // still the 20th in New York
    expect(lastDays(7, NY, now)).toEqual({ from: '2026-11-14', to: '2026-11-20' });
  });
});

describe('report filters', () => {
  it('needs both dates with the spec messages', () => {
    expect(rangeMessage('sales', { end: '2026-11-20' })).toBe(REPORT_MESSAGES.missingStart);
    expect(rangeMessage('sales', { start: '2026-11-20' })).toBe(REPORT_MESSAGES.missingEnd);
    expect(rangeMessage('bar', { start: '2026-11-20' }, true)).toBe('Please enter a start and an end date');
    expect(rangeMessage('sales', { start: '2026-11-20', end: '2026-11-19' })).toBe(REPORT_MESSAGES.endBeforeStart);
    expect(rangeMessage('sales', { start: '2026-02-30', end: '2026-03-02' })).toBe(REPORT_MESSAGES.missingRange);
    expect(rangeMessage('sales', { start: '2026-11-20', end: '2026-11-20' })).toBeNull();
    expect(isIsoDate('2026-11-20')).toBe(true);
  });

  it('needs a facility for health and daily, facility 6 counting as none on health', () => {
    const range = { start: '2026-11-20', end: '2026-11-20' };
    expect(rangeMessage('daily', { ...range, facilityIds: [] })).toBe('Missing facility');
    expect(rangeMessage('health', { ...range, facilityIds: [6] })).toBe('Missing facility');
    expect(rangeMessage('daily', { ...range, facilityIds: [6] })).toBeNull();
    expect(rangeMessage('health', { ...range, facilityIds: [1] })).toBeNull();
  });

  it('keeps moderators to the last 30 days, except on trials', () => {
    const today = '2026-11-20';
    expect(modEarliest(today)).toBe('2026-10-22');
    expect(rangeAllowed('mod', 'sales', '2026-10-22', today, today)).toBe(true);
    expect(rangeAllowed('mod', 'sales', '2026-10-21', today, today)).toBe(false);
    expect(rangeAllowed('mod', 'sales', '2026-11-01', '2026-11-21', today)).toBe(false);
    expect(rangeAllowed('mod', 'trials', '2025-01-01', today, today)).toBe(true);
    expect(rangeAllowed('manager', 'sales', '2025-01-01', today, today)).toBe(true);
  });

  it('brings a moderator\'s range within the 30 days: its part inside them, else all of them', () => {
    const today = '2026-11-20';
    expect(modRange('mod', 'sales', '2026-01-01', '2026-01-31', today)).toEqual({ start: '2026-10-22', end: today });
    expect(modRange('mod', 'sales', '2026-01-01', '2026-11-05', today)).toEqual({ start: '2026-10-22', end: '2026-11-05' });
    expect(modRange('mod', 'sales', '2026-11-10', '2026-12-31', today)).toEqual({ start: '2026-11-10', end: today });
    expect(modRange('mod', 'sales', '2026-11-01', '2026-11-07', today)).toBeNull();
    expect(modRange('mod', 'trials', '2025-01-01', '2025-01-31', today)).toBeNull();
    expect(modRange('admin', 'sales', '2025-01-01', '2025-01-31', today)).toBeNull();
    expect(modRange('mod', 'sales', '', '2025-01-31', today)).toBeNull();
  });
});
