import type { DemoFacility } from '../facilities';
import { FACILITIES } from '../facilities';
import type { Random } from '../random';
import type { Writer } from '../writer';
import type { Clock } from './calendar';
import type { Ledger } from './ledger';

// What every part of the demo generator shares.

export interface DemoContext {
  rng: Random;
  writer: Writer;
  clock: Clock;
  ledger: Ledger;
  people: People;
  staff: Staff;
  /** The instant the demo is built around: the past is before it, bookings to come after it. */
  now: number;
  plan: DemoPlan;
}

/** How much of everything; derived from the scale. */
export interface DemoPlan {
  customers: number;
  /** Nine-week terms of programs and bookings, the last one around now. */
  terms: number;
  /** Share of free field hours booked as rentals. */
  density: number;
  /** League divisions per facility and term, for adults and for youth. */
  divisions: number;
}

export function planFor(scale: number): DemoPlan {
  return {
    customers: Math.max(120, Math.round(1200 * scale)),
    terms: Math.max(1, Math.ceil(scale ** 0.6)),
    density: Math.min(0.6, 0.2 * scale ** 0.25),
    divisions: Math.min(6, 1 + Math.floor(Math.log2(Math.max(1, scale)))),
  };
}

/** Staff ids by facility and role. */
export interface Staff {
  admin: number;
  managers: Map<number, number[]>;
  coaches: Map<number, number[]>;
  referees: Map<number, number[]>;
}

type Kind = 'adult' | 'kid' | 'eplayer';

/** The customers generated so far, by facility, so programs can draw their participants. */
export class People {
  private readonly local: Record<Kind, Map<number, number[]>> = { adult: new Map(), kid: new Map(), eplayer: new Map() };
  private readonly all: Record<Kind, number[]> = { adult: [], kid: [], eplayer: [] };
  private readonly parents = new Map<number, number>();
  private readonly emails = new Map<number, string>();

  add(kind: Kind, facilityId: number, id: number): void {
    push(this.local[kind], facilityId, id);
    this.all[kind].push(id);
  }

  addAdult(facilityId: number, id: number, email: string): void {
    this.add('adult', facilityId, id);
    this.emails.set(id, email);
  }

  addKid(facilityId: number, id: number, parentId: number): void {
    this.add('kid', facilityId, id);
    this.parents.set(id, parentId);
  }

  /** How many of a kind a facility has. */
  count(kind: Kind, facilityId: number): number {
    return this.local[kind].get(facilityId)?.length ?? 0;
  }

  parentOf(kidId: number): number {
    return this.parents.get(kidId)!;
  }

  emailOf(adultId: number): string {
    return this.emails.get(adultId) ?? '';
  }

  /** count distinct ids of a kind at a facility, topped up from the whole network when it has too few. */
  pick(rng: Random, facility: DemoFacility | number, kind: Kind, count: number): number[] {
    const id = typeof facility === 'number' ? facility : facility.ID;
    const chosen = rng.sample(this.local[kind].get(id) ?? [], count);
    if (chosen.length < count) {
      for (const other of rng.sample(this.all[kind], count * 2)) {
        if (chosen.length >= count) break;
        if (!chosen.includes(other)) chosen.push(other);
      }
    }
    return chosen;
  }

  one(rng: Random, facility: DemoFacility | number, kind: Kind): number {
    return this.pick(rng, facility, kind, 1)[0];
  }
}

function push(map: Map<number, number[]>, key: number, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export const facilityById = (id: number): DemoFacility => FACILITIES.find((f) => f.ID === id)!;
