import { describe, expect, it } from 'vitest';
import { classIneligibility, divisionIneligibility, ELIGIBILITY_REASONS } from '../../core/validation/offeringEligibility';

// Who may register online for what (issue 44 item 1): a class by its audience, a league division by its
// age group (on its first day) and gender, each refusal with its reason.

const day = Date.UTC(2026, 8, 1) / 1000;
const born = (year: number, month = 1, date = 1) => Date.UTC(year, month - 1, date) / 1000;
const kid = (birthdate: number | null, gender = 'Girl') => ({ is_kid: true, email: 'p@example.com##4', birthdate, gender });
const adult = (gender = 'Male') => ({ is_kid: false, email: 'p@example.com', birthdate: born(1990), gender });
const cls = (name: string, properties: Array<{ key: string; value: string }> = []) => ({ name, properties });

describe('class eligibility', () => {
  it('fits children to kids\' classes under their age group, adults to adult classes', () => {
    expect(classIneligibility(cls('Skills U8'), kid(born(2019, 9, 2)), day)).toBeNull();
    expect(classIneligibility(cls('Skills U8'), kid(born(2018, 9, 1)), day)).toBe(ELIGIBILITY_REASONS.under(8));
    expect(classIneligibility(cls('Skills', [{ key: 'Age Category', value: 'U6' }]), kid(born(2019)), day)).toBe(ELIGIBILITY_REASONS.under(6));
    expect(classIneligibility(cls('Skills'), adult(), day)).toBe(ELIGIBILITY_REASONS.children);
    expect(classIneligibility(cls('Adult Fitness'), adult(), day)).toBeNull();
    expect(classIneligibility(cls('Adult Fitness'), kid(born(2015)), day)).toBe(ELIGIBILITY_REASONS.adults);
  });
});

describe('division eligibility', () => {
  it('reads the age group on the division\'s first day', () => {
    expect(divisionIneligibility({ age_group: 'Adult', gender: 'Co-Ed' }, kid(born(2008, 9, 2)), day)).toBe(ELIGIBILITY_REASONS.adults);
    expect(divisionIneligibility({ age_group: 'Adult', gender: 'Co-Ed' }, kid(born(2008, 9, 1)), day)).toBeNull();
    expect(divisionIneligibility({ age_group: 'Youth', gender: null }, adult(), day)).toBe(ELIGIBILITY_REASONS.youth);
    expect(divisionIneligibility({ age_group: null, gender: null }, adult(), day)).toBeNull();
  });

  it('reads the gender, boys and girls being youth divisions', () => {
    expect(divisionIneligibility({ age_group: 'Adult', gender: 'Female' }, adult('Male'), day)).toBe(ELIGIBILITY_REASONS.gender('Female'));
    expect(divisionIneligibility({ age_group: 'Adult', gender: 'Male' }, adult('Male'), day)).toBeNull();
    expect(divisionIneligibility({ age_group: null, gender: 'Girls' }, kid(born(2014), 'Girl'), day)).toBeNull();
    expect(divisionIneligibility({ age_group: null, gender: 'Boys' }, kid(born(2014), 'Girl'), day)).toBe(ELIGIBILITY_REASONS.gender('Boys'));
    expect(divisionIneligibility({ age_group: null, gender: 'Girls' }, adult('Female'), day)).toBe(ELIGIBILITY_REASONS.youth);
  });
});
