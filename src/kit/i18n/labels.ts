import type { TranslateFunction } from 'react-admin';

// Values stored in English and shown in the reader's language (issue 41 m31): one helper per kind, so a
// list, a page's header and a dialog say the same word. A value the catalogue does not know (an age
// group an admin added) shows as stored.

/** An age group's name ('Adult', 'Youth', or an admin's own). */
export function ageGroupLabel(translate: TranslateFunction, name: string | null | undefined): string {
  return name ? translate(`values.age_groups.${name}`, { _: name }) : '';
}

/** A league's, team's or customer's gender ('Co-Ed', 'Male', 'Girls' …). */
export function genderLabel(translate: TranslateFunction, gender: string | null | undefined): string {
  return gender ? translate(`values.genders.${gender}`, { _: gender }) : '';
}
