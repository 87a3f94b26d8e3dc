import { useEffect, useState } from 'react';
import {
  Alert, Button, DialogActions, DialogContent, FormControlLabel, MenuItem, Paper, Stack, Switch, TextField, Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDollars } from '../../../../core/money';
import { formatDateTime } from '../../../../core/time';
import { addDays, todayIn } from '../../../../core/reports';
import { useTouchlineDataProvider, type RefundFilter, type RefundRequest } from '../../../../dataProvider';
import { SimpleTable } from '../../../kit/components/SimpleTable';
import { money } from '../../../kit/components/format';
import { useFacilityTimeZone } from '../../../kit/components/useFacilityTimeZone';
import { session } from '../../../../dataProvider/session';
import { FormMessage, failure, type Message } from '../../../kit/components/FormMessage';
import { useFacilityChoices } from '../../../kit/layout/facilities';
import { useDialogs } from '../../../kit/layout/dialogs';
import { KitDialog } from '../../../kit/layout/KitDialog';
import '../../../../resources/invoice/square/messages';

// The refund review (/refund, spec 2 §2, §4): filters (start date, end date, Facility, Only pending,
// Search) and the table (Invoice, Refunded Amount, Date, Status, Requestor, Facility, Reason, Action).
// Confirm Refund (after 'this action is irreversible') and Deny (a reason, the irreversible warning)
// show on Pending refunds only; the server refuses them on any other. A confirmed card refund shows
// Square's state too: pending until Square settles it, refunded, or not refunded (the money counts as
// paid again, issue 30). The dates are whole days in each refund's facility's zone (the server reads
// them so, as Presence does); the defaults are the last 30 days and tomorrow in the user's own facility.

export default function RefundPage() {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { confirm, notifySuccess, run } = useDialogs();
  const facilities = useFacilityChoices();
  // Until the user picks dates or searches, the defaults follow the facility's zone as it loads.
  const today = todayIn(useFacilityTimeZone(session.facilityId() ?? undefined));
  const [startPicked, setStart] = useState<string | null>(null);
  const [endPicked, setEnd] = useState<string | null>(null);
  const start = startPicked ?? addDays(today, -30);
  const end = endPicked ?? addDays(today, 1);
  const [facility, setFacility] = useState(0);
  const [pending, setPending] = useState(true);
  const [q, setQ] = useState('');
  const [searched, setFilter] = useState<RefundFilter | null>(null);
  const filter = searched ?? { from: start, to: end, pending: true };
  const [denying, setDenying] = useState<RefundRequest | null>(null);
  const { data = [], refetch } = useQuery({ queryKey: ['refunds', filter], queryFn: () => dataProvider.listRefunds(filter) });
  // Opening the review reads the refunds Square answered PENDING again (the server also does so every few minutes).
  useEffect(() => {
    dataProvider.syncSquareRefunds().then((sync) => (sync.completed || sync.failed ? refetch() : undefined), () => undefined);
  }, [dataProvider, refetch]);

  const search = () => setFilter({ from: start || undefined, to: end || undefined, facility_id: facility || undefined, pending, q: q.trim() || undefined });

  const confirmRefund = async (refund: RefundRequest) => {
    if (!(await confirm({ message: translate('refunds.confirm_text', { amount: formatDollars(refund.amount) }) }))) return;
    if (await run(() => dataProvider.confirmRefund(refund.ID))) notifySuccess('refunds.confirmed');
    await refetch();
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Title title={translate('page.refunds')} />
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
        <TextField type="date" label={translate('refunds.start_date')} value={start} onChange={(e) => setStart(e.target.value)} InputLabelProps={{ shrink: true }} size="small" fullWidth={false} />
        <TextField type="date" label={translate('refunds.end_date')} value={end} onChange={(e) => setEnd(e.target.value)} InputLabelProps={{ shrink: true }} size="small" fullWidth={false} />
        <TextField select label={translate('refunds.facility')} value={facility} onChange={(e) => setFacility(Number(e.target.value))} size="small" fullWidth={false} sx={{ minWidth: 200 }}>
          <MenuItem value={0}>{translate('refunds.all')}</MenuItem>
          {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
        </TextField>
        <FormControlLabel control={<Switch checked={pending} onChange={(e) => setPending(e.target.checked)} />} label={translate('refunds.only_pending')} />
        <TextField label={translate('refunds.search')} value={q} onChange={(e) => setQ(e.target.value)} size="small" fullWidth={false} />
        <Button variant="contained" onClick={search}>{translate('refunds.search')}</Button>
      </Stack>
      {data.length === 0 && <Alert severity="info">{translate('refunds.none')}</Alert>}
      <SimpleTable<RefundRequest>
        title={translate('page.refunds')}
        rows={data}
        columns={[
          { label: translate('refunds.invoice'), render: (r) => <Link to={`/invoice/${r.invoice_id}`}>{r.invoice_id}</Link> },
          { label: translate('refunds.amount'), render: (r) => money(r.amount), numeric: true },
          { label: translate('refunds.date'), render: (r) => formatDateTime(r.CreatedAt, r.facility.time_zone) },
          {
            label: translate('refunds.status'),
            render: (r) => [translate(`refunds.statuses.${r.refund_status}`), r.square_status && translate(`refunds.square_statuses.${r.square_status}`)].filter(Boolean).join(' · '),
          },
          { label: translate('refunds.requestor'), render: (r) => r.requestor },
          { label: translate('refunds.facility'), render: (r) => r.facility.name },
          { label: translate('refunds.reason'), render: (r) => (r.deny_reason ? `${r.refund_reason} — ${r.deny_reason}` : r.refund_reason) },
          {
            label: translate('refunds.action'),
            render: (r) => r.refund_status === 'Pending' && (
              <Stack direction="row" spacing={1}>
                <Button size="small" variant="contained" onClick={() => void confirmRefund(r)}>{translate('refunds.confirm')}</Button>
                <Button size="small" color="error" onClick={() => setDenying(r)}>{translate('refunds.deny')}</Button>
              </Stack>
            ),
          },
        ]}
      />
      {denying && <DenyDialog refund={denying} onClose={() => setDenying(null)} onDenied={() => { notifySuccess('refunds.denied'); void refetch(); }} />}
    </Paper>
  );
}

function DenyDialog({ refund, onClose, onDenied }: { refund: RefundRequest; onClose(): void; onDenied(): void }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const deny = async () => {
    if (!reason.trim()) return setMessage({ severity: 'error', text: 'refunds.deny_reason_required' });
    setBusy(true);
    try {
      await dataProvider.denyRefund(refund.ID, reason.trim());
      onDenied();
      onClose();
    } catch (error) {
      setMessage(failure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <KitDialog open onClose={onClose} maxWidth="xs" title={translate('refunds.deny_title')}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>{`${translate('refunds.invoice')} ${refund.invoice_id} · ${money(refund.amount)}`}</Typography>
          <TextField label={translate('refunds.deny_reason')} value={reason} onChange={(e) => setReason(e.target.value)} multiline autoFocus />
          <Alert severity="warning">{translate('refunds.deny_warning')}</Alert>
          <FormMessage message={message} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('square.close')}</Button>
        <Button variant="contained" color="error" onClick={() => void deny()} disabled={busy}>{translate('refunds.deny')}</Button>
      </DialogActions>
    </KitDialog>
  );
}
