import { storedCloseTime } from '../../../core/time';
import { fieldTypes, fields } from '../schema';
import { FACILITIES } from './facilities';
import type { Writer } from './writer';

// Field types and the fields of every named facility, with their opening hours.

export const FIELD_TYPE = { FIVE: 1, SEVEN: 2, OUTDOOR: 3, FUTSAL: 4, PARTY_ROOM: 5 } as const;

const FIELD_TYPES = [
  { ID: FIELD_TYPE.FIVE, name: 'Indoor turf 5v5', capacity: 10, is_outdoors: false, available_online: true, is_soccer: true },
  { ID: FIELD_TYPE.SEVEN, name: 'Indoor turf 7v7', capacity: 14, is_outdoors: false, available_online: true, is_soccer: true },
  { ID: FIELD_TYPE.OUTDOOR, name: 'Outdoor turf 9v9', capacity: 18, is_outdoors: true, available_online: true, is_soccer: true },
  { ID: FIELD_TYPE.FUTSAL, name: 'Futsal court', capacity: 10, is_outdoors: false, available_online: false, is_soccer: true },
  { ID: FIELD_TYPE.PARTY_ROOM, name: 'Party room', capacity: 30, is_outdoors: false, available_online: false, is_soccer: false },
];

const NAMES = ['Maracanã', 'Wembley', 'San Siro', 'Anfield', 'Azteca'];

export interface DemoField {
  ID: number;
  facility_id: number;
  number: number;
  name: string;
  typeId: number;
  /** Opening and peak hours as whole hours, [start, end). */
  weekday: [number, number];
  weekend: [number, number];
  weekdayPeak: [number, number];
  weekendPeak: [number, number];
  /** A part of a split field: the ID of the full field. */
  parentId?: number;
}

/** Weekday opening by time zone: New York 16:00, Los Angeles 15:00, Chicago 17:00; all close at midnight. */
const weekdayOpen = (facilityId: number) => (facilityId === 11 ? 17 : facilityId >= 6 ? 15 : 16);

export const FIELDS: DemoField[] = FACILITIES.flatMap((f) =>
  Array.from({ length: f.fieldCount }, (_, i) => ({
    facility_id: f.ID,
    number: i + 1,
    name: NAMES[i],
    // The last field of a Los Angeles facility with three or more is outdoors; every second one is 7v7.
    typeId: i === f.fieldCount - 1 && f.ID >= 6 && f.ID !== 11 && f.fieldCount >= 3 ? FIELD_TYPE.OUTDOOR
      : i % 2 === 1 ? FIELD_TYPE.SEVEN : FIELD_TYPE.FIVE,
    weekday: [weekdayOpen(f.ID), 24] as [number, number],
    weekend: [8, 24] as [number, number],
    weekdayPeak: [18, 22] as [number, number],
    weekendPeak: [10, 14] as [number, number],
  })),
).map((field, i): DemoField => ({ ID: i + 1, ...field }));

/**
 * The split field of the demo network: Brooklyn's Wembley (7v7) is also booked as two 5v5 halves.
 * Booking Wembley blocks both halves and either half blocks Wembley.
 */
const SPLIT = FIELDS.find((f) => f.facility_id === 1 && f.name === 'Wembley')!;
FIELDS.push(...['A', 'B'].map((half, i): DemoField => ({
  ...SPLIT, ID: FIELDS.length + 1 + i, number: 5 + i, name: `Wembley ${half}`, typeId: FIELD_TYPE.FIVE, parentId: SPLIT.ID,
})));

/** The fields the demo books directly (the halves of a split field are left free). */
export const WHOLE_FIELDS = FIELDS.filter((f) => f.parentId === undefined);

/** Midnight is stored as 23.99 (the spec's reading of a close time of 24). */
const close = storedCloseTime;

export function seedFields(writer: Writer): void {
  for (const t of FIELD_TYPES) writer.add(fieldTypes, t);
  for (const f of FIELDS) {
    writer.add(fields, {
      ID: f.ID, number: f.number, name: f.name, new_field_type_id: f.typeId, facility_id: f.facility_id, parent_field_id: f.parentId ?? null,
      weekday_open_time: f.weekday[0], weekday_close_time: close(f.weekday[1]),
      weekend_open_time: f.weekend[0], weekend_close_time: close(f.weekend[1]),
      weekday_peak_time_start: f.weekdayPeak[0], weekday_peak_time_end: f.weekdayPeak[1],
      weekend_peak_time_start: f.weekendPeak[0], weekend_peak_time_end: f.weekendPeak[1],
    });
  }
}
