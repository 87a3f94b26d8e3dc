import { useState, type ReactNode } from 'react';
import { Button, FormControlLabel, Grid, MenuItem, Switch, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { usePermissions, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Role } from '../../core/constants';
import { CLASS_DEFAULTS, CLASS_MESSAGES, CLASS_TYPE, glPrefixOf, type ClassType } from '../../core/validation/classes';
import { session } from '../../dataProvider/session';
import { useTouchlineDataProvider, type ClassDetail } from '../../dataProvider';
import { FormDialog } from '../../src/components/FormDialog';
import { failure, FormMessage, type Message } from '../../src/components/FormMessage';
import { useSubmitOnce } from '../../src/components/useSubmitOnce';
import { useFacilityChoices } from '../../src/layout/facilities';
import { useDialogs } from '../../src/layout/dialogs';
import { DEFAULT_ZONE, fromDateInput, toDateInput } from '../../src/components/programFormat';
import './messages';

// The class form (spec 3 §5) in its four uses: Create class (admins; a class or a season), Clone class,
// New Division (from a season's settings) and the Settings tab. Required: facility (admins on create),
// product, name (create only), online description, max number of kids and the four dates. The class
// type chooses the products (GL 141 for Lil' Kickers, 140 otherwise) and the camp type sets is_camp.

export type ClassFormMode = 'create' | 'clone' | 'division' | 'settings';

const DATES = ['start_date', 'end_date', 'registration_start_date', 'registration_end_date'] as const;
const SWITCHES = ['accepts_free_trial', 'require_membership', 'available_online'] as const;

interface Draft {
  facility_id?: number; type: ClassType; new_product_id?: number; name: string; description: string; max_kids: string; is_container: boolean;
  start_date?: number | null; end_date?: number | null; registration_start_date?: number | null; registration_end_date?: number | null;
  accepts_free_trial: boolean; require_membership: boolean; available_online: boolean;
}

const fromClass = (c: ClassDetail, mode: ClassFormMode): Draft => ({
  facility_id: c.facility_id, type: c.class_type, new_product_id: c.new_product_id ?? undefined, name: mode === 'division' ? '' : mode === 'clone' ? `${c.name} (copy)` : c.name,
  description: c.description ?? '', max_kids: String(c.max_kids), is_container: mode === 'settings' || mode === 'clone' ? c.is_container : false,
  start_date: c.start_date, end_date: c.end_date, registration_start_date: c.registration_start_date, registration_end_date: c.registration_end_date,
  accepts_free_trial: c.accepts_free_trial, require_membership: c.require_membership, available_online: c.available_online,
});

export function ClassDialog({ mode, source, onClose, onSaved }: { mode: ClassFormMode; source?: ClassDetail; onClose(): void; onSaved?(): void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { permissions: role } = usePermissions<Role>();
  const facilities = useFacilityChoices();
  const { busy, submit } = useSubmitOnce();
  const [draft, setDraft] = useState<Draft>(() => (source ? fromClass(source, mode) : {
    facility_id: role === 'admin' ? session.selectedFacility() : session.facilityId() ?? undefined, type: CLASS_TYPE.YOUTH, name: '', description: '',
    max_kids: String(CLASS_DEFAULTS.max_kids), is_container: false, accepts_free_trial: false, require_membership: false, available_online: true,
  }));
  const [message, setMessage] = useState<Message | null>(null);
  const { data: products = [] } = useQuery({
    queryKey: ['classProducts', draft.facility_id, draft.type],
    queryFn: () => dataProvider.classProducts({ facility_id: draft.facility_id, gl_prefix: glPrefixOf(draft.type) }),
    enabled: Boolean(draft.facility_id),
  });
  const zone = (facilities.find((f) => f.ID === draft.facility_id) as { time_zone?: string } | undefined)?.time_zone ?? source?.facility.time_zone ?? DEFAULT_ZONE;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const creating = mode !== 'settings';
  const t = (key: string) => translate(`classes.form.${key}`);

  const save = async () => {
    const maxKids = Number(draft.max_kids);
    const missing = !draft.facility_id || !draft.new_product_id || !draft.name.trim() || !draft.description.trim() || !Number.isInteger(maxKids) || maxKids < 1
      || DATES.some((k) => !draft[k]);
    if (missing) return setMessage(failure(CLASS_MESSAGES.required));
    const body = {
      name: draft.name.trim(), description: draft.description.trim(), max_kids: maxKids, new_product_id: draft.new_product_id!, is_camp: draft.type === CLASS_TYPE.CAMP,
      start_date: draft.start_date!, end_date: draft.end_date!, registration_start_date: draft.registration_start_date!, registration_end_date: draft.registration_end_date!,
      accepts_free_trial: draft.accepts_free_trial, require_membership: draft.require_membership, available_online: draft.available_online,
    };
    if (mode === 'settings') {
      const saved = await dialogs.run(() => dataProvider.updateClass(source!.ID, body), { onError: (e) => setMessage(failure(e)) });
      if (!saved) return;
      dialogs.notifySuccess(CLASS_MESSAGES.updated, { short: true });
      onSaved?.();
      return onClose();
    }
    const created = await submit((key) => dialogs.run(() => dataProvider.createClass({
      ...body, facility_id: draft.facility_id!, is_container: draft.is_container, properties: source?.properties,
      ...(mode === 'division' && { class_parent_id: source!.ID, is_container: false }),
      ...(mode === 'clone' && { class_parent_id: source!.class_parent_id }),
    }, key), { onError: (e) => setMessage(failure(e)) }));
    if (!created) return;
    onClose();
    navigate(`/classes/${created.ID}`);
  };

  const title = { create: 'create', clone: 'clone', division: 'division', settings: 'settings' }[mode];
  const dateField = (key: (typeof DATES)[number], label: string) => (
    <Grid size={{ xs: 12, sm: 6 }} key={key}>
      <TextField fullWidth required type="date" label={t(label)} InputLabelProps={{ shrink: true }} value={toDateInput(draft[key], zone)}
        onChange={(e) => set(key, fromDateInput(e.target.value, zone, key.startsWith('end') || key.endsWith('end_date')))} />
    </Grid>
  );
  const body = (
    <Grid container spacing={2}>
      {role === 'admin' && mode === 'create' && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField select fullWidth required label={t('facility')} value={draft.facility_id ?? ''} onChange={(e) => set('facility_id', Number(e.target.value))}>
            {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
          </TextField>
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField select fullWidth label={t('type')} value={draft.type} onChange={(e) => setDraft((d) => ({ ...d, type: Number(e.target.value) as ClassType, new_product_id: undefined }))}>
          {[CLASS_TYPE.LIL_KICKERS, CLASS_TYPE.YOUTH, CLASS_TYPE.CAMP].map((type) => <MenuItem key={type} value={type}>{t(`types.${type}`)}</MenuItem>)}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField select fullWidth required label={t('product')} value={products.some((p) => p.new_product_id === draft.new_product_id) ? draft.new_product_id : ''}
          onChange={(e) => set('new_product_id', Number(e.target.value))}>
          {products.map((p) => <MenuItem key={p.new_product_id} value={p.new_product_id}>{p.text}</MenuItem>)}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField fullWidth required={creating} label={t('name')} value={draft.name} onChange={(e) => set('name', e.target.value)} />
      </Grid>
      <Grid size={{ xs: 12 }}>
        <TextField fullWidth required multiline minRows={2} label={t('description')} value={draft.description} onChange={(e) => set('description', e.target.value)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField fullWidth required type="number" label={t('max_kids')} inputProps={{ min: 1, step: 1 }} value={draft.max_kids} onChange={(e) => set('max_kids', e.target.value)} />
      </Grid>
      {dateField('start_date', 'start')}
      {dateField('end_date', 'end')}
      {dateField('registration_start_date', 'registration_start')}
      {dateField('registration_end_date', 'registration_end')}
      <Grid size={{ xs: 12 }}>
        {SWITCHES.map((key) => <FormControlLabel key={key} control={<Switch checked={draft[key]} onChange={(e) => set(key, e.target.checked)} />} label={t(key)} />)}
        {mode === 'create' && <FormControlLabel control={<Switch checked={draft.is_container} onChange={(e) => set('is_container', e.target.checked)} />} label={t('container')} />}
      </Grid>
    </Grid>
  );
  if (mode === 'settings') {
    return <InlineForm onSubmit={save} busy={busy} message={message}>{body}</InlineForm>;
  }
  return <FormDialog title={t(title)} onClose={onClose} onSubmit={save} submitDisabled={busy} message={message} maxWidth="md">{body}</FormDialog>;
}

/** The Settings tab shows the form on the page, with its Save. */
function InlineForm({ children, onSubmit, busy, message }: { children: ReactNode; onSubmit(): void; busy: boolean; message: Message | null }) {
  const translate = useTranslate();
  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); onSubmit(); }}>
      {children}
      <FormMessage message={message} />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={busy}>{translate('ra.action.save')}</Button>
    </form>
  );
}
