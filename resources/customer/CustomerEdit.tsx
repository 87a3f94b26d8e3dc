import { TextInput, useTranslate } from 'react-admin';
import { DETAIL_META } from '../../dataProvider';
import { EntityEdit } from '../../src/kit/entity/EntityPages';
import './profile/messages';

// /customer/{id}/edit: a customer's details (spec 1 §2, §5) — name, phone, address, state, country,
// gender — checked by the declaration of PUT /customer/{id} (its messages under their fields), sent
// with the version read (If-Match); then the profile, which shows them. The birth date, whose rules
// follow the whole family (a child's parent, the memberships), stays on the profile tab's form.

const FIELDS = ['first_name', 'last_name', 'phone', 'address', 'state', 'country', 'gender'] as const;

/**
 * What this form edits, and nothing else of the record (its note, say, which the form empties to null,
 * has a call of its own and no place in this body); the texts '' when empty, never null.
 */
const KEPT = new Set<string>(['id', 'version', ...FIELDS]);
const asTexts = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([key]) => KEPT.has(key)).map(([key, value]) => [key, value === null && key !== 'id' && key !== 'version' ? '' : value]));

export default function CustomerEdit() {
  const translate = useTranslate();
  return (
    <EntityEdit title={translate('customer_profile.edit_title')} meta={DETAIL_META} transform={asTexts}>
      {FIELDS.map((field) => (
        <TextInput key={field} source={field} label={`customer_profile.fields.${field}`} helperText={field === 'phone' ? '111-222-3333' : undefined} fullWidth />
      ))}
    </EntityEdit>
  );
}
