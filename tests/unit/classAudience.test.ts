import { describe, expect, it } from 'vitest';
import { classAudience, classFitsCustomer } from '../../core/validation/classAudience';

// Who a class is for (issue 8 item 17): kids' classes by default, adult ones by their words, and an
// age group 'U6' bounding the child's age on the session's day.

const DAY = 86400;
const today = Date.UTC(2026, 10, 23) / 1000;
const born = (years: number) => Date.UTC(2026 - years, 5, 1) / 1000;
const cls = (name: string, props: Record<string, string> = {}) => ({ name, properties: Object.entries(props).map(([key, value]) => ({ key, value })) });
const adult = { is_kid: false, email: 'a@example.com', birthdate: null };
const kid = (years: number | null) => ({ is_kid: true, email: 'a@example.com##9', birthdate: years === null ? null : born(years) });

describe('classAudience', () => {
  it('reads adult and age groups from the properties and the name', () => {
    expect(classAudience(cls('Youth Class U6 Fall 2026'))).toEqual({ adult: false, under: 6 });
    expect(classAudience(cls('Thursday clinic', { 'Age Category': 'U-12' }))).toEqual({ adult: false, under: 12 });
    expect(classAudience(cls('Evening clinic', { 'Age Category': 'O30' }))).toEqual({ adult: true, under: null });
    expect(classAudience(cls("Lil' Kickers Fall 2026"))).toEqual({ adult: false, under: null });
  });
});

describe('classFitsCustomer', () => {
  it('offers kids’ classes to children of the age group and adult classes to adults only', () => {
    const u6 = cls('Youth Class U6');
    expect(classFitsCustomer(u6, adult, today)).toBe(false);
    expect(classFitsCustomer(u6, kid(4), today)).toBe(true);
    expect(classFitsCustomer(u6, kid(7), today)).toBe(false);
    expect(classFitsCustomer(u6, kid(null), today)).toBe(true);
    expect(classFitsCustomer(cls('Adult Skills Clinic'), adult, today)).toBe(true);
    expect(classFitsCustomer(cls('Adult Skills Clinic'), kid(9), today)).toBe(false);
    // The age on the session's day: a child turning 6 before the session no longer fits U6.
    expect(classFitsCustomer(u6, { ...kid(5), birthdate: today - 6 * 365 * DAY + 10 * DAY }, today + 20 * DAY)).toBe(false);
  });
});
