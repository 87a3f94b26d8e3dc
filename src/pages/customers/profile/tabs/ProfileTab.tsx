import { Alert, Box, Button, Grid, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { CHILD_GENDERS, formatBirthdate, isKidCustomer, parseBirthdate, type ChildGender } from '../../../../../core/validation/customer';
import { useTouchlineDataProvider, type CustomerProfile } from '../../../../../dataProvider';
import { useDialogs } from '../../../../layout/dialogs';
import { kidWarnings } from '../kidWarnings';
import { RecordsTable } from '../RecordsTable';
import { useRefreshProfile } from '../useProfile';

// The profile tab (spec 1 §2): the details form, the family table, the e-player block, and for a child
// the membership warnings.

const FIELDS = ['first_name', 'last_name', 'phone', 'address', 'state', 'country', 'gender'] as const;
type Field = (typeof FIELDS)[number];

export function ProfileTab({ customer }: { customer: CustomerProfile }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run, notifySuccess } = useDialogs();
  const refresh = useRefreshProfile(customer.ID);
  const [form, setForm] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, customer[f] ?? ''])) as Record<Field, string>);
  const [birthdate, setBirthdate] = useState(customer.birthdate ? formatBirthdate(customer.birthdate) : '');
  const birth = birthdate.trim() ? parseBirthdate(birthdate) : null;
  const birthInvalid = birthdate.trim() !== '' && birth === null;
  const t = (key: string, options?: Record<string, unknown>) => translate(`customer_profile.${key}`, options);
  const kid = isKidCustomer(customer);

  async function save() {
    if (birthInvalid) return;
    if (!(await run(() => dataProvider.updateCustomer(customer.ID, { ...form, birthdate: birth })))) return;
    notifySuccess('customer_profile.saved');
    await refresh();
  }

  const person = (p: { ID: number; first_name: string; last_name: string }) => (
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
                  {!CHILD_GENDERS.includes(form.gender as ChildGender) && <MenuItem value={form.gender}>{form.gender || '—'}</MenuItem>}
                  {CHILD_GENDERS.map((gender) => <MenuItem key={gender} value={gender}>{translate(`participant_wizard.${gender}`)}</MenuItem>)}
                </TextField>
              ) : (
                <TextField fullWidth label={t(`fields.${field}`)} value={form[field]} onChange={(e) => setForm({ ...form, [field]: e.target.value })} />
              )}
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField fullWidth label={t('fields.birthdate')} value={birthdate} onChange={(e) => setBirthdate(e.target.value)} error={birthInvalid} />
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
            { label: 'customer_profile.family.relation', render: (f) => f.relation || '—' },
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
