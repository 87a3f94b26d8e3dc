import { ageInYears } from './display';
import { isKidCustomer } from './customer';

// Who a class is for (issue 8 item 17), so that a free trial is offered only to customers it fits.
// Classes are kids' programs (max kids, uniform sizes) unless their name or properties say adult
// ('Adult', 'O30'); an age group 'U6' (under 6) in the 'Age Category' or 'Division Name' property or in
// the name bounds the child's age.

export interface ClassAudience {
  adult: boolean;
  /** 'U8': children younger than 8; null when no age group is given. */
  under: number | null;
}

interface ClassLike {
  name: string;
  properties: ReadonlyArray<{ key: string; value: string }>;
}

const DESCRIBING = ['Age Category', 'Division Name', 'Category', 'Type'];
const ADULT = /\b(adults?|O\d{2})\b/i;
const UNDER = /\bU-?(\d{1,2})\b/i;

export function classAudience(cls: ClassLike): ClassAudience {
  const values = DESCRIBING.map((key) => cls.properties.find((p) => p.key === key)?.value ?? '');
  const text = [...values, cls.name].join(' ');
  const under = UNDER.exec(text);
  return { adult: ADULT.test(text), under: under ? Number(under[1]) : null };
}

/** Whether a class fits a customer on `day` (unix seconds): adults for adult classes, children of the age group for kids' classes. */
export function classFitsCustomer(
  cls: ClassLike,
  customer: { is_kid: boolean; email: string; birthdate: number | null },
  day: number,
): boolean {
  const audience = classAudience(cls);
  if (!isKidCustomer(customer)) return audience.adult;
  if (audience.adult) return false;
  return audience.under === null || customer.birthdate === null || ageInYears(customer.birthdate, day) < audience.under;
}
