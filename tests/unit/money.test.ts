import { describe, expect, it } from 'vitest';
import { applyRate, formatMoney, isWholeCents, sum, toCents, toDollars } from '../../core/money';

describe('core/money', () => {
  it('turns dollars into integer cents without float drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-12.345)).toBe(-1235);
    expect(toDollars(1999)).toBe(19.99);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('applies a rate half-up to the cent, per line', () => {
    expect(applyRate(10000, 0.08875)).toBe(888); // 887.5 → 888
    expect(applyRate(1000, 0.03)).toBe(30);
    expect(applyRate(-10000, 0.08875)).toBe(-888);
    expect(applyRate(0, 0.1)).toBe(0);
  });

  it('sums cents exactly', () => {
    expect(sum([10, 20, 30])).toBe(60);
    expect(sum([])).toBe(0);
  });

  it('knows whether a dollar amount has at most two decimals', () => {
    expect(isWholeCents(10.25)).toBe(true);
    expect(isWholeCents(10.255)).toBe(false);
  });

  it('shows two decimals with thousands separators, N/A when missing', () => {
    expect(formatMoney(123456789)).toBe('1,234,567.89');
    expect(formatMoney(-500)).toBe('-5.00');
    expect(formatMoney(null)).toBe('N/A');
    expect(formatMoney(undefined)).toBe('N/A');
  });
});
