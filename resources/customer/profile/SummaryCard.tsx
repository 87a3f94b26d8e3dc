import { Avatar, Box, Button, Card, CardContent, Chip, Divider, Stack, Switch, Typography } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../../core/constants';
import { can } from '../../../core/permissions';
import { isKidCustomer } from '../../../core/validation/customer';
import { formatUsPhone } from '../../../core/validation/phone';
import { useTouchlineDataProvider, type CustomerProfile } from '../../../dataProvider';
import { EmailText } from '../../../src/kit/components/ContactText';
import { useDialogs } from '../../../src/kit/layout/dialogs';
import { editPath } from '../../../src/kit/entity/paths';
import { Link as RouterLink } from 'react-router-dom';
import { dateTimeOf, money, useRefreshProfile, zoneOf } from './useProfile';
import './messages';

// The profile's left card (spec 1 §2): who, where, money, status, and the Danger Zone.

export type ProfileDialog = 'email' | 'note' | 'credit' | 'suspend' | 'merge' | 'photo';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center', minHeight: 32 }}>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      <Box sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

export function SummaryCard({ customer, onOpen }: { customer: CustomerProfile; onOpen(dialog: ProfileDialog): void }) {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const dataProvider = useTouchlineDataProvider();
  const { run } = useDialogs();
  const refresh = useRefreshProfile();
  const zone = zoneOf(customer);
  const t = (key: string) => translate(`customer_profile.${key}`);

  async function setWaiver(waiver_signed: boolean) {
    if (await run(() => dataProvider.updateCustomer(customer.ID, { waiver_signed }))) await refresh();
  }

  async function openHubspot() {
    const answer = await run(() => dataProvider.getHubspotLink(customer.ID));
    if (!answer) return;
    window.open(answer.link, '_blank', 'noopener');
    // The server remembered the contact it found: reload, so this page holds the customer's new version.
    if (!customer.hubspot_id) await refresh();
  }

  return (
    <Card component="section" aria-label={t('title')}>
      <CardContent>
        <Stack alignItems="center" spacing={1} sx={{ mb: 2 }}>
          <Avatar src={customer.photo ?? undefined} alt={`${customer.first_name} ${customer.last_name}`} sx={{ width: 96, height: 96 }} />
          <Typography variant="h5" component="h1">{customer.first_name} {customer.last_name}</Typography>
          <Chip
            label={customer.suspended ? t('suspended') : t('active')}
            color={customer.suspended ? 'error' : 'success'}
            size="small"
            data-testid="suspension-status"
          />
          {customer.unsubscribed_at ? <Chip label={t('unsubscribed')} size="small" variant="outlined" data-testid="unsubscribed" /> : null}
        </Stack>
        <Line label={t('facility')}>{customer.facility?.name ?? customer.facility_id}</Line>
        <Line label={t('last_invoice')}>{dateTimeOf(customer.last_invoice_date, zone)}</Line>
        <Line label={t('email')}>
          {customer.email ? <EmailText email={customer.email} /> : <span>{t('none')}</span>}{' '}
          <Button size="small" onClick={() => onOpen('email')} disabled={isKidCustomer(customer)} aria-label={t('email_dialog.title')} title={isKidCustomer(customer) ? t('email_dialog.kid_disabled') : undefined}>
            {t('edit')}
          </Button>
        </Line>
        <Line label={t('phone')}>{customer.phone ? formatUsPhone(customer.phone) : t('none')}</Line>
        <Line label={t('waiver')}>
          <Switch checked={customer.waiver_signed} onChange={(e) => setWaiver(e.target.checked)} slotProps={{ input: { 'aria-label': t('waiver') } }} />
        </Line>
        <Divider sx={{ my: 1 }} />
        <Line label={t('invoiced')}><span data-testid="total-invoiced">{money(customer.totals.invoiced)}</span></Line>
        <Line label={t('paid')}><span data-testid="total-paid">{money(customer.totals.paid)}</span></Line>
        <Line label={t('balance')}><span data-testid="total-balance">{money(customer.totals.balance)}</span></Line>
        <Line label={t('credits')}>
          <span data-testid="credit-balance">{money(customer.credits)}</span>
          {can(role, 'customer_profile', 'credit') && <Button size="small" onClick={() => onOpen('credit')} aria-label={t('credit_dialog.title')}>{t('add')}</Button>}
        </Line>
        <Divider sx={{ my: 1 }} />
        <Line label={t('note')}>
          <span>{customer.note || t('none')}</span> <Button size="small" onClick={() => onOpen('note')} aria-label={t('note_dialog.title')}>{t('edit')}</Button>
        </Line>
        {customer.hubspot && <Button size="small" onClick={openHubspot} sx={{ mt: 1 }}>{t('hubspot')}</Button>}
        {/* A photo is no danger: it sits with the profile, not among merge and suspend. */}
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button size="small" variant="outlined" onClick={() => onOpen('photo')}>{t('add_photo')}</Button>
          <Button size="small" variant="outlined" component={RouterLink} to={editPath('customer', customer.ID)}>{t('edit_details')}</Button>
        </Stack>
        <Box component="section" aria-label={t('danger_zone')} sx={{ mt: 2, p: 1.5, border: 1, borderColor: 'error.main', borderRadius: 1 }}>
          <Typography variant="subtitle2" color="error" gutterBottom>{t('danger_zone')}</Typography>
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
            {can(role, 'customer_profile', 'merge') && <Button color="error" variant="outlined" size="small" onClick={() => onOpen('merge')}>{t('merge')}</Button>}
            <Button color="error" variant="outlined" size="small" onClick={() => onOpen('suspend')}>{t('suspend')}</Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
