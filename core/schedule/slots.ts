import { wallClock, zonedMidnight, zonedTime, type UnixSeconds } from '../time';

// The scheduler's slots (spec 3 §3 "Scheduler slot", §5 "Schedule"): a field on a weekday from a start
// to an end time, "HH:mm" in the facility's zone. A slot holds as many matches as fit its window back to
// back; each of those kick-offs on a field is a cell. Kick-offs are wall-clock times, so a 7 p.m. slot
// kicks off at 7 p.m. on both sides of a daylight-saving change (its unix time moves by an hour).

export interface SchedulerSlot {
  /** The field's ID. */
  field: number;
  /** Sunday 0 … Saturday 6. */
  weekday: number;
  /** "HH:mm" in the facility's zone. */
  start_time: string;
  /** "HH:mm" in the facility's zone; "24:00" is midnight. */
  end_time: string;
}

/** One kick-off on one field of a slot day. */
export interface Cell {
  date: UnixSeconds;
  field: number;
  /** Minutes after local midnight: the kick-off time every balance is counted by. */
  minutes: number;
}

/** A local date that has cells, in order; `day` counts days since 1970-01-01 (local), `week` from the first week. */
export interface SlotDay {
  day: number;
  week: number;
  cells: Cell[];
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
const DAY_MS = 86_400_000;

/** Minutes after midnight of "HH:mm", or null when it is not a time of day ("24:00" is 1440). */
export function minutesOfDay(time: string): number | null {
  if (!HH_MM.test(time)) return null;
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** "HH:mm" of minutes after midnight. */
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The kick-offs (minutes after midnight) a slot holds for matches of `duration` minutes, back to back. */
export function slotKickOffs(slot: SchedulerSlot, duration: number): number[] {
  const start = minutesOfDay(slot.start_time);
  const end = minutesOfDay(slot.end_time);
  if (start === null || end === null || duration <= 0) return [];
  const kickOffs: number[] = [];
  for (let at = start; at + duration <= end; at += duration) kickOffs.push(at);
  return kickOffs;
}

/** Why the slots cannot hold a schedule of `duration`-minute matches, or null when they can. */
export function slotsProblem(slots: SchedulerSlot[], duration: number): string | null {
  for (const slot of slots) {
    if (!Number.isInteger(slot.weekday) || slot.weekday < 0 || slot.weekday > 6) return 'A slot\'s weekday is 0 (Sunday) to 6 (Saturday)';
    const start = minutesOfDay(slot.start_time);
    const end = minutesOfDay(slot.end_time);
    if (start === null || end === null) return 'A slot\'s start and end times are written HH:mm';
    if (end <= start) return `A slot ends after it starts (${slot.start_time}–${slot.end_time})`;
  }
  // Two slots of one field on one weekday must not overlap, or two matches would share the field.
  for (let i = 0; i < slots.length; i++) {
    for (let j = i + 1; j < slots.length; j++) {
      const [a, b] = [slots[i], slots[j]];
      if (a.field !== b.field || a.weekday !== b.weekday) continue;
      if (minutesOfDay(a.start_time)! < minutesOfDay(b.end_time)! && minutesOfDay(b.start_time)! < minutesOfDay(a.end_time)!) {
        return `Two slots of the same field overlap on the same day (${a.start_time}–${a.end_time} and ${b.start_time}–${b.end_time})`;
      }
    }
  }
  if (!slots.some((slot) => slotKickOffs(slot, duration).length > 0)) return `No slot is long enough for a ${duration}-minute match`;
  return null;
}

/**
 * The slot days from `start` to `end`, one after the other, each with its cells ordered by kick-off then
 * field ID (the order a day is filled in). Kick-offs before `start` or after `end` are left out.
 * Without an end, endless: the caller stops. Needs slots that hold at least one match (see slotsProblem).
 */
export function* slotDays(slots: SchedulerSlot[], duration: number, start: UnixSeconds, zone: string, end = Infinity): Generator<SlotDay> {
  const byWeekday: { field: number; minutes: number }[][] = [[], [], [], [], [], [], []];
  for (const slot of slots) for (const minutes of slotKickOffs(slot, duration)) byWeekday[slot.weekday].push({ field: slot.field, minutes });
  for (const kickOffs of byWeekday) kickOffs.sort((a, b) => a.minutes - b.minutes || a.field - b.field);

  const first = wallClock(start, zone);
  const firstDay = Date.UTC(first.year, first.month - 1, first.day) / DAY_MS;
  const firstSunday = firstDay - first.weekday;
  const last = Number.isFinite(end) ? wallClock(end, zone) : null;
  const lastDay = last ? Date.UTC(last.year, last.month - 1, last.day) / DAY_MS : Infinity;
  for (let day = firstDay; day <= lastDay; day++) {
    const dayOf = new Date(day * DAY_MS);
    const kickOffs = byWeekday[dayOf.getUTCDay()];
    if (kickOffs.length === 0) continue;
    // A day of 24 hours has its kick-offs at midnight plus their minutes; a daylight-saving day (23 or
    // 25 hours) converts each kick-off's wall clock on its own.
    const [year, month, date] = [dayOf.getUTCFullYear(), dayOf.getUTCMonth() + 1, dayOf.getUTCDate()];
    const midnight = zonedMidnight(year, month, date, zone);
    const plain = zonedMidnight(year, month, date + 1, zone) - midnight === 86_400;
    const at = (minutes: number) => (plain ? midnight + minutes * 60 : zonedTime(year, month, date, minutes, zone));
    const cells = kickOffs.map(({ field, minutes }) => ({ date: at(minutes), field, minutes })).filter((cell) => cell.date >= start && cell.date <= end);
    if (cells.length > 0) yield { day, week: Math.floor((day - firstSunday) / 7) + 1, cells };
  }
}
