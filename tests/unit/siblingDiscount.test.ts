import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { siblingAmount, siblingComment, siblingShares } from '../../core/siblingDiscount';

// The sibling discount's positions and percents (issue 44 §6) as properties over random families.

const rule = fc.record({ second_percent: fc.integer({ min: 0, max: 100 }), later_percent: fc.integer({ min: 0, max: 100 }) });
const ids = fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 12 });

describe('siblingShares', () => {
  it('gives each new child the next position after the family\'s registered ones, the rule\'s percent for it', () => {
    fc.assert(fc.property(rule, ids, ids, (r, registered, adding) => {
      const shares = siblingShares(r, registered, adding);
      const already = new Set(registered);
      const fresh = [...new Set(adding.filter((id) => !already.has(id)))];
      expect(shares.map((s) => s.participant_id)).toEqual(fresh);
      shares.forEach((share, i) => {
        const position = already.size + i + 1;
        expect(share.position).toBe(position);
        expect(share.percent).toBe(position === 1 ? 0 : position === 2 ? r.second_percent : r.later_percent);
      });
    }));
  });

  it('is the same whether the children register together or one after another', () => {
    fc.assert(fc.property(rule, ids, ids, (r, registered, adding) => {
      const together = siblingShares(r, registered, adding);
      const oneByOne: typeof together = [];
      const done = [...registered];
      for (const id of adding) {
        oneByOne.push(...siblingShares(r, done, [id]));
        done.push(id);
      }
      expect(oneByOne).toEqual(together);
    }));
  });

  it('never takes more than the price, nor a negative amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (price, percent) => {
      const off = siblingAmount(price, percent);
      expect(off).toBeGreaterThanOrEqual(0);
      expect(off).toBeLessThanOrEqual(price);
      expect(Number.isInteger(off)).toBe(true);
    }));
  });

  it('says why it applied', () => {
    expect(siblingComment({ position: 2, percent: 10 })).toBe('Sibling discount: 2nd child −10%');
    expect(siblingComment({ position: 3, percent: 15 })).toBe('Sibling discount: 3rd child −15%');
    expect(siblingComment({ position: 11, percent: 12.5 })).toBe('Sibling discount: 11th child −12.5%');
    expect(siblingShares({ second_percent: 10, later_percent: 20 }, [], [7, 8, 9]).map((s) => s.percent)).toEqual([0, 10, 20]);
  });
});
