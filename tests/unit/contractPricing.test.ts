import { describe, expect, it } from 'vitest';
import { eventHours, eventPrice } from '../../core/validation/contract';

// A contract event's price and hours (core), which the contract detail also computes in PostgreSQL
// (server/routes/contracts/detail.ts): both round half up, exactly, so the two agree to the cent.

describe('eventPrice and eventHours', () => {
  it('price the hours at the hourly fee, to the cent', () => {
    expect(eventPrice(15000, 0, 5400)).toBe(22500);
    expect(eventPrice(11050, 0, 5400)).toBe(16575);
    // 1 h 20 min at $100.01: 13334.666… cents.
    expect(eventPrice(10001, 0, 4800)).toBe(13335);
  });

  it('round a half cent and a half hundredth of an hour up', () => {
    // $0.09 an hour for 30 min: 4.5 cents.
    expect(eventPrice(9, 0, 1800)).toBe(5);
    // 20.185 h and 1.185 h exactly: a float product of the hours × 100 would fall just under the half.
    expect(eventHours(0, 72666)).toBe(20.19);
    expect(eventHours(1000, 1000 + 4266)).toBe(1.19);
    expect(eventHours(0, 4265)).toBe(1.18);
    expect(eventHours(0, 5400)).toBe(1.5);
  });
});
