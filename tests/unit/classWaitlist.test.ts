import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { admission, classPrice, promotions, registrationDeletable, trialDeletable, TRIAL_DELETE_WINDOW } from '../../core/validation/classes';

// The waitlist's rules (issue 26 item 7) and the price and deletion rules (spec 3 §5), as properties:
// a model class driven by random registrations, removals and size changes, checked against the rules
// the server applies (core/validation/classes.ts) after every step.

interface Model { maxKids: number; attendees: number[]; waitlist: Array<{ ID: number; CreatedAt: number }> }

type Op = { kind: 'register'; waitlist: boolean } | { kind: 'remove'; index: number } | { kind: 'resize'; by: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), waitlist: fc.boolean() }),
  fc.record({ kind: fc.constant('remove' as const), index: fc.nat(20) }),
  fc.record({ kind: fc.constant('resize' as const), by: fc.integer({ min: -3, max: 3 }) }),
);

/** One step of the model as the server takes it: admission, removal then promotion, resize (never below the attendees) then promotion. */
function step(model: Model, o: Op, id: number, promoted: number[]): void {
  const promote = () => {
    for (const entry of promotions(model.maxKids, model.attendees.length, model.waitlist)) {
      model.waitlist = model.waitlist.filter((w) => w.ID !== entry.ID);
      model.attendees.push(entry.ID);
      promoted.push(entry.ID);
    }
  };
  if (o.kind === 'register') {
    const what = admission(model.maxKids, model.attendees.length, o.waitlist);
    if (what === 'attendee') model.attendees.push(id);
    if (what === 'waitlist') model.waitlist.push({ ID: id, CreatedAt: id });
  } else if (o.kind === 'remove') {
    if (!model.attendees.length) return;
    model.attendees.splice(o.index % model.attendees.length, 1);
    promote();
  } else {
    const next = model.maxKids + o.by;
    if (next < 1 || next < model.attendees.length) return;
    model.maxKids = next;
    promote();
  }
}

describe('the waitlist', () => {
  it('never lets a class hold more than max_kids, never leaves a place free while someone waits, and serves first come first', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 6 }), fc.array(op, { maxLength: 60 }), (maxKids, ops) => {
      const model: Model = { maxKids, attendees: [], waitlist: [] };
      const promoted: number[] = [];
      ops.forEach((o, i) => {
        step(model, o, i + 1, promoted);
        expect(model.attendees.length).toBeLessThanOrEqual(model.maxKids);
        if (model.waitlist.length) expect(model.attendees.length).toBe(model.maxKids);
      });
      // Entries leave the waitlist in the order they joined.
      expect(promoted).toEqual([...promoted].sort((a, b) => a - b));
    }));
  });

  it('promotes exactly min(free places, waiting) entries, the oldest, whatever order they are read in', () => {
    const entries = fc.uniqueArray(fc.record({ ID: fc.integer({ min: 1, max: 10_000 }), CreatedAt: fc.integer({ min: 0, max: 50 }) }), { selector: (e) => e.ID, maxLength: 20 });
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), entries, (maxKids, taken, waiting) => {
      const chosen = promotions(maxKids, taken, waiting);
      expect(chosen).toHaveLength(Math.min(Math.max(0, maxKids - taken), waiting.length));
      const order = [...waiting].sort((a, b) => a.CreatedAt - b.CreatedAt || a.ID - b.ID);
      expect(chosen).toEqual(order.slice(0, chosen.length));
      expect(promotions(maxKids, taken, [...waiting].reverse())).toEqual(chosen);
    }));
  });

  it('admits while there is room, and otherwise waitlists only when asked', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 60 }), fc.boolean(), (max, taken, wait) => {
      const what = admission(max, taken, wait);
      expect(what).toBe(taken < max ? 'attendee' : wait ? 'waitlist' : 'full');
    }));
  });
});

describe('the prorated price', () => {
  it('is per-event × events left, never above the base, fixed exactly when it is the base', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 20_000 }), fc.boolean(), fc.integer({ min: 0, max: 40 }), (base, perEvent, prorate, eventsLeft) => {
      const { price, fixed } = classPrice({ base, perEvent, prorate, eventsLeft });
      expect(price).toBeLessThanOrEqual(base);
      expect(fixed).toBe(price === base);
      if (prorate && perEvent > 0) expect(price).toBe(Math.min(base, perEvent * eventsLeft));
      else expect(price).toBe(base);
    }));
  });

  it('matches hand-computed cases', () => {
    // Youth Class Season: $240, $30 an event.
    expect(classPrice({ base: 24000, perEvent: 3000, prorate: true, eventsLeft: 3 })).toEqual({ price: 9000, fixed: false });
    expect(classPrice({ base: 24000, perEvent: 3000, prorate: true, eventsLeft: 8 })).toEqual({ price: 24000, fixed: true });
    expect(classPrice({ base: 24000, perEvent: 3000, prorate: true, eventsLeft: 12 })).toEqual({ price: 24000, fixed: true });
    // Lil' Kickers: $180, $25 an event, 5 left: $125.
    expect(classPrice({ base: 18000, perEvent: 2500, prorate: true, eventsLeft: 5 })).toEqual({ price: 12500, fixed: false });
    expect(classPrice({ base: 30000, perEvent: 7500, prorate: false, eventsLeft: 1 })).toEqual({ price: 30000, fixed: true });
  });
});

describe('deletion windows', () => {
  it('deletes registrations without an invoice or with nothing paid, and trials of the last 3 weeks or later', () => {
    fc.assert(fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (paid) => {
      expect(registrationDeletable({ paid })).toBe(paid === 0);
    }));
    expect(registrationDeletable(null)).toBe(true);
    const now = 2_000_000_000;
    fc.assert(fc.property(fc.integer({ min: -100 * 86_400, max: 100 * 86_400 }), (offset) => {
      expect(trialDeletable(now + offset, now)).toBe(offset >= -TRIAL_DELETE_WINDOW);
    }));
  });
});
