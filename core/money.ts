// Money is integer cents everywhere inside Touchline; dollars exist only on the wire and on screen.

export type Cents = number;

/** Dollars (as sent on the wire, at most two decimals) → integer cents, rounding half away from zero. */
export function toCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount: ${dollars}`);
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100 + 1e-9);
}

/**
 * The most one amount (a price, a payment, a credit balance) may be, in dollars: far above anything a
 * facility sells, so only a typo reaches it, and sums of such amounts stay exact in cents.
 */
export const MAX_DOLLARS = 1_000_000;
export const TOO_MUCH = 'must be at most $1,000,000.00';

/** Integer cents → dollars for the wire. */
export function toDollars(cents: Cents): number {
  return cents / 100;
}

/** round(amount × rate), half-up to the cent: taxes and processing fees, per line. */
export function applyRate(amount: Cents, rate: number): Cents {
  const exact = amount * rate;
  return Math.sign(exact) * Math.round(Math.abs(exact) + 1e-9);
}

export function sum(amounts: Iterable<Cents>): Cents {
  let total = 0;
  for (const a of amounts) total += a;
  return total;
}

/** True when a dollar amount has at most two decimals. */
export function isWholeCents(dollars: number): boolean {
  return Number.isFinite(dollars) && Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Two decimals with thousands separators; a missing value shows 'N/A'. */
export function formatMoney(cents: Cents | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return 'N/A';
  return formatter.format(cents / 100);
}

/** An amount as a person reads it: "$1,234.50", "-$15.00"; a missing value shows 'N/A'. */
export function formatUsd(cents: Cents | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return 'N/A';
  return `${cents < 0 ? '-' : ''}$${formatMoney(Math.abs(cents))}`;
}

/** formatMoney of an amount in dollars as the wire carries it. */
export const formatDollars = (dollars: number | null | undefined): string =>
  formatMoney(dollars === null || dollars === undefined ? dollars : toCents(dollars));
