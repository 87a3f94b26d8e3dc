import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { session } from '../../dataProvider/session';
import { CONTRACT_DEFAULTS, CONTRACT_PRODUCT_TYPES } from '../../core/validation/contract';
import { useTouchlineDataProvider, type CustomerSummary } from '../../dataProvider';
import { CustomerPicker } from '../../src/components/CustomerPicker';
import { failure, FormMessage, type Message } from '../../src/components/FormMessage';
import { ParticipantWizard } from '../../src/components/ParticipantWizard';
import { useSubmitOnce } from '../../src/components/useSubmitOnce';
import { useFacilityChoices } from '../../src/layout/facilities';
import './messages';

// The create dialog (spec 2 §2 Contracts list): product type (contract types only), facility, main
// hourly fee (100), deposit percentage (50), name (required), comment, customer existing or new adult.
// Save is disabled while the contract is created, and sends an Idempotency-Key (a retry creates once).

export function CreateContractDialog({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useTouchlineDataProvider();
  const queryClient = useQueryClient();
  const { busy, submit } = useSubmitOnce();
  const facilities = useFacilityChoices();
  const isAdmin = session.userType() === 'admin';
  const [form, setForm] = useState({
    product_type_id: 2, facility_id: isAdmin ? session.selectedFacility() : session.facilityId() ?? 0,
    fee: String(CONTRACT_DEFAULTS.fee), percentage: String(CONTRACT_DEFAULTS.percentage), name: '', comment: '', ApplyProcessingFee: CONTRACT_DEFAULTS.ApplyProcessingFee as boolean,
  });
  const [customer, setCustomer] = useState<CustomerSummary | null>(null);
  const [wizard, setWizard] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const save = async () => {
    if (!form.name.trim() || !form.facility_id || !form.product_type_id) return setMessage({ severity: 'error', text: 'contracts.required' });
    if (!(Number(form.fee) > 0)) return setMessage({ severity: 'error', text: 'contracts.price_weird' });
    try {
      const created = await submit((key) => dataProvider.createContract({
        ...form, facility_id: Number(form.facility_id), product_type_id: Number(form.product_type_id), fee: Number(form.fee), percentage: Number(form.percentage), customer_id: customer?.ID ?? null,
      }, key));
      if (!created) return;
      await queryClient.invalidateQueries({ queryKey: ['contract'] });
      onClose();
      navigate(`/contract/${created.ID}`);
    } catch (error) {
      setMessage(failure(error));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('contracts.create_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField select label={translate('contracts.product_type')} value={form.product_type_id} onChange={set('product_type_id')}>
            {CONTRACT_PRODUCT_TYPES.map((t) => <MenuItem key={t} value={t}>{translate(`contracts.types.${t}`)}</MenuItem>)}
          </TextField>
          <TextField select label={translate('contracts.facility')} value={form.facility_id || ''} onChange={set('facility_id')} disabled={!isAdmin}>
            {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField type="number" label={translate('contracts.fee')} value={form.fee} onChange={set('fee')} inputProps={{ step: '0.01', min: 0 }} />
            <TextField type="number" label={translate('contracts.percentage')} value={form.percentage} onChange={set('percentage')} inputProps={{ min: 0, max: 100 }} />
          </Stack>
          <TextField required label={translate('contracts.name')} value={form.name} onChange={set('name')} inputProps={{ 'data-testid': 'contract-name' }} />
          <TextField multiline minRows={2} label={translate('contracts.comment')} value={form.comment} onChange={set('comment')} />
          <Stack direction="row" spacing={1} alignItems="center">
            <CustomerPicker label={translate('contracts.customer')} value={customer} onChange={setCustomer} accept={(c) => !c.is_kid} />
            <Button onClick={() => setWizard(true)}>{translate('contracts.new_customer')}</Button>
          </Stack>
          <FormControlLabel control={<Checkbox checked={form.ApplyProcessingFee} onChange={(e) => setForm((f) => ({ ...f, ApplyProcessingFee: e.target.checked }))} />} label={translate('contracts.apply_fee')} />
          <FormMessage message={message} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('contracts.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>{translate('contracts.save')}</Button>
      </DialogActions>
      {wizard && <ParticipantWizard open title="contracts.new_customer" onClose={() => setWizard(false)} onDone={(r) => { setCustomer(r.customer); setWizard(false); }} />}
    </Dialog>
  );
}
