import { ageInYears } from './display';
import { classAudience } from './classAudience';
import { isKidCustomer } from './customer';

// Who may register for what online (issue 44 item 1), with the reason a parent reads when not: a class
// by its audience (classAudience: adults, or children under an age), a league division by its age
// group (Adult 18 and over, Youth under 18, on the division's first day) and gender.

export interface Member { is_kid: boolean; email: string; birthdate: number | null; gender: string | null }

export const ELIGIBILITY_REASONS = {
  adults: 'This is for adults',
  children: 'This is for children',
  under: (age: number) => `For children under ${age}`,
  youth: 'For players under 18',
  gender: (gender: string) => `For ${gender.toLowerCase()} players`,
  registered: 'Already registered',
  waiting: 'Already on the waitlist',
  membership: 'A membership is needed first',
} as const;

/** Why a class does not fit a member on `day` (unix seconds); null when it does. */
export function classIneligibility(cls: { name: string; properties: ReadonlyArray<{ key: string; value: string }> }, member: Member, day: number): string | null {
  const audience = classAudience(cls);
  if (!isKidCustomer(member)) return audience.adult ? null : ELIGIBILITY_REASONS.children;
  if (audience.adult) return ELIGIBILITY_REASONS.adults;
  if (audience.under !== null && member.birthdate !== null && ageInYears(member.birthdate, day) >= audience.under) return ELIGIBILITY_REASONS.under(audience.under);
  return null;
}

const MALE = ['Male', 'Boy'];
const FEMALE = ['Female', 'Girl'];

/** Why a league division (its age group's name and gender) does not fit a member on `day`; null when it does. */
export function divisionIneligibility(division: { age_group: string | null; gender: string | null }, member: Member, day: number): string | null {
  const adult = member.birthdate === null ? !isKidCustomer(member) : ageInYears(member.birthdate, day) >= 18;
  const youthOnly = division.age_group === 'Youth' || division.gender === 'Boys' || division.gender === 'Girls';
  if (division.age_group === 'Adult' && !adult) return ELIGIBILITY_REASONS.adults;
  if (youthOnly && adult) return ELIGIBILITY_REASONS.youth;
  const wants = division.gender === 'Male' || division.gender === 'Boys' ? MALE : division.gender === 'Female' || division.gender === 'Girls' ? FEMALE : null;
  if (wants && !wants.includes(member.gender ?? '')) return ELIGIBILITY_REASONS.gender(division.gender!);
  return null;
}
