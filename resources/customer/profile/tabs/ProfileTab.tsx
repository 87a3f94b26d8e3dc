import { Alert, Box, Button, Grid, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { nowSeconds } from '../../../../core/time';
import { normalizeUsPhone } from '../../../../core/validation/phone';
import {
  CHILD_GENDERS, CUSTOMER_MESSAGES, customerEditIssues, isKidCustomer, type ChildGender,
} from '../../../../core/validation/customer';
import { readBirthdate, showBirthdate } from '../../../../core/validation/display';
import { useTouchlineDataProvider, type CustomerProfile } from '../../../../dataProvider';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { kidWarnings } from '../kidWarnings';
import { RecordsTable } from '../RecordsTable';
import { useRefreshProfile } from '../useProfile';
import '../messages';
import '../../../../src/kit/components/ParticipantWizard/messages';
import type { CustomerName } from '../../../../core/customer';

// The profile tab (spec 1 §2): the details form, the family table, the e-player block, and for a child
// the membership warnings.

const FIELDS = ['first_name', 'last_name', 'phone', 'address', 'state', 'country', 'gender'] as const;
type Field = (typeof FIELDS)[number];

type MessageKey = keyof typeof CUSTOMER_MESSAGES;
type FormErrors = Partial<Record<'phone' | 'birthdate', MessageKey>>;
const messageKeys = Object.fromEntries(Object.entries(CUSTOMER_MESSAGES).map(([key, text]) => [text, key as MessageKey]));

/**
 * The customer form's rules (spec 1 §5): what does not parse (a birth date that is no date, a phone
 * that is no US number), then the server's own rules for what the edit changes (customerEditIssues).
 */
function validate(customer: CustomerProfile, phone: string, birthdateText: string, today: number): FormErrors {
  const text = birthdateText.trim();
  const birth = text ? readBirthdate(text) : null;
  const normalized = phone.trim() ? normalizeUsPhone(phone) : '';
  const errors: FormErrors = {};
  if (text && birth === null) errors.birthdate = isKidCustomer(customer) ? 'childBirthdate' : 'birthdate';
  if (normalized === null) errors.phone = 'phone';
  const edit = { ...(birth !== null || !text ? { birthdate: birth } : {}), ...(normalized !== null ? { phone: normalized } : {}) };
  for (const [field, message] of customerEditIssues(customer, edit, today)) {
    if (field === 'phone' || field === 'birthdate') errors[field] ??= messageKeys[message];
  }
  return errors;
}

export function ProfileTab({ customer }: { customer: CustomerProfile }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run, notifySuccess } = useDialogs();
  const refresh = useRefreshProfile();
  const [form, setForm] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, customer[f] ?? ''])) as Record<Field, string>);
  const [birthdate, setBirthdate] = useState(customer.birthdate ? showBirthdate(customer.birthdate) : '');
  // The messages show once Save was pressed, then follow the typing.
  const [submitted, setSubmitted] = useState(false);
  const birth = birthdate.trim() ? readBirthdate(birthdate) : null;
  const errors = validate(customer, form.phone, birthdate, nowSeconds());
  const shown = submitted ? errors : {};
  const message = (field: keyof FormErrors) => (shown[field] ? translate(`customer_messages.${shown[field]}`) : undefined);
  const t = (key: string, options?: Record<string, unknown>) => translate(`customer_profile.${key}`, options);
  const kid = isKidCustomer(customer);

  async function save() {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    if (!(await run(() => dataProvider.updateCustomer(customer.ID, { ...form, birthdate: birth })))) return;
    notifySuccess('customer_profile.saved');
    await refresh();
  }

  const person = (p: CustomerName) => (
    <Link component={RouterLink} to={`/customer/${p.ID}`}>{p.first_name} {p.last_name}</Link>
  );

  return (
    <Stack spacing={3}>
      {kidWarnings(customer).map((w) => (
        <Alert key={w.key} severity={w.key === 'parent_email' ? 'info' : 'warning'}>{t(`kid_warnings.${w.key}`, w)}</Alert>
      ))}
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }} aria-label={t('tabs.profile')}>
        <Grid container spacing={2}>
          {FIELDS.map((field) => (
            <Grid key={field} size={{ xs: 12, sm: 6 }}>
              {field === 'gender' && kid ? (
                // A child's gender is Boy or Girl (spec 1 §3), as in the wizard.
                <TextField select fullWidth label={t('fields.gender')} value={form.gender} onChange={(e) => setForm({ ...form, gender: e.target.value })}>
                  {!CHILD_GENDERS.includes(form.gender as ChildGender) && <MenuItem value={form.gender}>{form.gender ? translate(`values.genders.${form.gender}`, { _: form.gender }) : '—'}</MenuItem>}
                  {CHILD_GENDERS.map((gender) => <MenuItem key={gender} value={gender}>{translate(`participant_wizard.${gender}`)}</MenuItem>)}
                </TextField>
              ) : (
                <TextField fullWidth label={t(`fields.${field}`)} value={form[field]} onChange={(e) => setForm({ ...form, [field]: e.target.value })}
                  {...(field === 'phone' ? { error: Boolean(shown.phone), helperText: message('phone') } : {})} />
              )}
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField fullWidth label={t('fields.birthdate')} value={birthdate} onChange={(e) => setBirthdate(e.target.value)}
              error={Boolean(shown.birthdate)} helperText={message('birthdate')} />
          </Grid>
        </Grid>
        <Button type="submit" variant="contained" sx={{ mt: 2 }}>{t('save')}</Button>
      </Box>
      <Box>
        <Typography variant="h6" component="h2">{t('family.title')}</Typography>
        <RecordsTable
          label={t('family.title')}
          rows={customer.family}
          columns={[
            { label: 'customer_profile.family.parent_id', render: (f) => person(f.parent) },
            { label: 'customer_profile.family.child_id', render: (f) => person(f.child) },
            { label: 'customer_profile.family.relation', render: (f) => (f.relation ? translate(`values.relations.${f.relation}`, { _: f.relation }) : '—') },
          ]}
        />
      </Box>
      <Box component="section" aria-label={t('eplayer.title')}>
        <Typography variant="h6" component="h2">{t('eplayer.title')}</Typography>
        {customer.eplayer ? (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}><TextField fullWidth label={t('eplayer.console_id')} value={customer.eplayer.console_id} slotProps={{ input: { readOnly: true } }} /></Grid>
            <Grid size={{ xs: 12, sm: 4 }}><TextField fullWidth label={t('eplayer.console')} value={customer.eplayer.console} slotProps={{ input: { readOnly: true } }} /></Grid>
            <Grid size={{ xs: 12, sm: 4 }}><TextField fullWidth label={t('eplayer.discord')} value={customer.eplayer.discord_username} slotProps={{ input: { readOnly: true } }} /></Grid>
          </Grid>
        ) : (
          <Typography color="text.secondary">{t('eplayer.none')}</Typography>
        )}
      </Box>
    </Stack>
  );
}
