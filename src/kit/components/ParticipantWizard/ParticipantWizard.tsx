import { useState, type ReactNode } from 'react';
import {
  Box, Button, DialogActions, DialogContent, FormControlLabel, FormHelperText, MenuItem, Radio, RadioGroup, Stack, Tab, Tabs, TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { ALL_FACILITIES, session } from '../../../../dataProvider/session';
import { nowSeconds } from '../../../../core/time';
import { CHILD_GENDERS, CUSTOMER_MESSAGES, type AdultForm, type ChildForm, type WizardErrorKey, type WizardErrors } from '../../../../core/validation/customer';
import { useTouchlineDataProvider, type CustomerSummary, type DuplicateCustomer } from '../../../../dataProvider';
import { useDialogs } from '../../layout/dialogs';
import { KitDialog } from '../../layout/KitDialog';
import { CustomerPicker } from '../CustomerPicker';
import { useFacilityChoices } from '../../layout/facilities';
import { DuplicateList } from './DuplicateList';
import {
  draftParticipant, duplicateQuery, initialWizardState, submitParticipant, validateWizard, type Mode, type ParticipantDraft, type ParticipantResult, type WizardState,
} from './participant';
import './messages';

export interface ParticipantWizardProps {
  open: boolean;
  onClose(): void;
  /** The participant made or picked; the wizard closes itself only through onClose. */
  onDone?(result: ParticipantResult): void;
  /**
   * Instead of onDone: the participant chosen with nothing created, for a next step that creates them
   * with what they are for, in one call (Add Participant's price step; issue 41 item 7).
   */
  onDraft?(draft: ParticipantDraft): void;
  /** i18n key or text of the title; 'Add participant' by default. */
  title?: string;
}

const isAdult = (c: CustomerSummary) => !c.is_kid;
const isKid = (c: CustomerSummary) => c.is_kid;
const messageKeys = Object.fromEntries(Object.entries(CUSTOMER_MESSAGES).map(([key, text]) => [text, key]));

/**
 * The add-participant wizard (spec 1 §2): an adult tab and a child tab, each an existing customer
 * (picked by search) or a new one; a new child gets a parent (picked or new) and a family link. Used by
 * customer creation, teams and classes.
 */
export function ParticipantWizard({ open, onClose, onDone, onDraft, title = 'participant_wizard.title' }: ParticipantWizardProps) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run } = useDialogs();
  const [state, setState] = useState<WizardState>(initialWizardState);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [busy, setBusy] = useState(false);
  /** Likely duplicates of what is about to be created; any edit clears them, so they are checked again. */
  const [duplicates, setDuplicates] = useState<DuplicateCustomer[]>([]);
  /** An admin looking at every facility says where a new customer belongs; otherwise the selection says it. */
  const choosesFacility = session.userType() === 'admin' && session.facilitySelection() === ALL_FACILITIES;
  const facilities = useFacilityChoices({ enabled: open && choosesFacility });
  const [chosenFacility, setChosenFacility] = useState<number | ''>('');
  const [facilityError, setFacilityError] = useState(false);

  const t = (key: string) => translate(`participant_wizard.${key}`);
  const error = (key: WizardErrorKey) => {
    const text = errors[key];
    return text ? translate(`customer_messages.${messageKeys[text] ?? ''}`, { _: text }) : undefined;
  };
  const edit = (next: (s: WizardState) => WizardState) => { setState(next); setDuplicates([]); };
  const update = (changes: Partial<WizardState>) => edit((s) => ({ ...s, ...changes }));
  const setAdult = (field: keyof AdultForm, value: string) => edit((s) => ({ ...s, adultForm: { ...s.adultForm, [field]: value } }));
  const setChild = (field: keyof ChildForm, value: string) => edit((s) => ({ ...s, childForm: { ...s.childForm, [field]: value } }));

  /** Saves; unless the user chose to go on past the duplicates shown, first looks for likely duplicates. */
  async function save(goOn = false) {
    if (choosesFacility && chosenFacility === '') return setFacilityError(true);
    const facility_id = choosesFacility ? Number(chosenFacility)
      : session.userType() === 'admin' ? session.selectedFacility() : session.facilityId() ?? session.selectedFacility();
    const today = nowSeconds();
    const query = goOn ? null : duplicateQuery(state);
    if (query) {
      const invalid = validateWizard(state, today);
      if (Object.keys(invalid).length) return setErrors(invalid);
      setBusy(true);
      const found = await run(() => dataProvider.findDuplicates({ ...query, facility_id }));
      setBusy(false);
      if (!found) return;
      if (found.length) { setErrors({}); return setDuplicates(found); }
    }
    setBusy(true);
    if (onDraft) {
      const drafted = await run(() => draftParticipant(dataProvider, state, today));
      setBusy(false);
      if (!drafted) return;
      if ('errors' in drafted) return setErrors(drafted.errors);
      setErrors({});
      return onDraft(drafted.draft);
    }
    const outcome = await run(() =>
      submitParticipant(dataProvider, state, {
        facility_id,
        today,
        onParentCreated: (parent) => setState((s) => ({ ...s, parentMode: 'existing', parent })),
      }),
    );
    setBusy(false);
    if (!outcome) return;
    if ('errors' in outcome) return setErrors(outcome.errors);
    setErrors({});
    onDone?.(outcome.result);
  }

  const adultFields = (prefix: '' | 'parent_') => (
    <Stack spacing={2}>
      {(['first_name', 'last_name', 'email', 'phone'] as const).map((field) => (
        <TextField
          key={field}
          label={t(`${prefix}${field}`)}
          value={state.adultForm[field]}
          onChange={(e) => setAdult(field, e.target.value)}
          error={Boolean(error(`adult.${field}`))}
          helperText={error(`adult.${field}`)}
          type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
        />
      ))}
    </Stack>
  );

  return (
    <KitDialog open={open} onClose={onClose} title={translate(title, { _: title })}>
      <DialogContent>
        {choosesFacility && (
          <TextField
            select fullWidth sx={{ mt: 1, mb: 1 }} label={t('facility')} value={chosenFacility}
            onChange={(e) => { setChosenFacility(Number(e.target.value)); setFacilityError(false); setDuplicates([]); }}
            error={facilityError} helperText={facilityError ? t('select_facility') : undefined}
          >
            {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
          </TextField>
        )}
        <Tabs value={state.tab} onChange={(_, tab: WizardState['tab']) => { update({ tab }); setErrors({}); }} sx={{ mb: 2 }}>
          <Tab value="adult" label={t('adult')} />
          <Tab value="child" label={t('child')} />
        </Tabs>
        {state.tab === 'adult' ? (
          <ModeSection name="adult_mode" mode={state.adultMode} onMode={(adultMode) => update({ adultMode })} t={t}>
            {state.adultMode === 'existing' ? (
              <CustomerPicker label={t('pick_adult')} value={state.pickedAdult} onChange={(pickedAdult) => update({ pickedAdult })} accept={isAdult} error={error('existing')} />
            ) : adultFields('')}
          </ModeSection>
        ) : (
          <ModeSection name="child_mode" mode={state.childMode} onMode={(childMode) => update({ childMode })} t={t}>
            {state.childMode === 'existing' ? (
              <CustomerPicker label={t('pick_child')} value={state.pickedChild} onChange={(pickedChild) => update({ pickedChild })} accept={isKid} error={error('existing')} />
            ) : (
              <Stack spacing={2}>
                <TextField label={t('child_first_name')} value={state.childForm.first_name} onChange={(e) => setChild('first_name', e.target.value)} error={Boolean(error('child.first_name'))} helperText={error('child.first_name')} />
                <TextField label={t('child_last_name')} value={state.childForm.last_name} onChange={(e) => setChild('last_name', e.target.value)} error={Boolean(error('child.last_name'))} helperText={error('child.last_name')} />
                <TextField label={t('birthdate')} placeholder={t('birthdate_placeholder')} value={state.childForm.birthdate} onChange={(e) => setChild('birthdate', e.target.value)} error={Boolean(error('child.birthdate'))} helperText={error('child.birthdate')} />
                <TextField select label={t('gender')} value={state.childForm.gender} onChange={(e) => setChild('gender', e.target.value)} error={Boolean(error('child.gender'))} helperText={error('child.gender')}>
                  {CHILD_GENDERS.map((gender) => <MenuItem key={gender} value={gender}>{t(gender)}</MenuItem>)}
                </TextField>
                <ModeSection name="parent_mode" label={t('parent')} mode={state.parentMode} onMode={(parentMode) => update({ parentMode })} t={t}>
                  {state.parentMode === 'existing' ? (
                    <CustomerPicker label={t('pick_parent')} value={state.parent} onChange={(parent) => update({ parent })} accept={isAdult} error={error('parent')} />
                  ) : adultFields('parent_')}
                </ModeSection>
              </Stack>
            )}
          </ModeSection>
        )}
        {duplicates.length > 0 && <DuplicateList duplicates={duplicates} onOpen={onClose} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        {duplicates.length > 0
          ? <Button variant="contained" color="warning" onClick={() => save(true)} disabled={busy}>{t('create_anyway')}</Button>
          : <Button variant="contained" onClick={() => save()} disabled={busy}>{t('save')}</Button>}
      </DialogActions>
    </KitDialog>
  );
}

/** The Existing / New choice and what it shows. */
function ModeSection({ name, label, mode, onMode, t, children }: {
  name: string; label?: string; mode: Mode; onMode(mode: Mode): void; t(key: string): string; children: ReactNode;
}) {
  return (
    <Box>
      {label && <FormHelperText sx={{ fontSize: '1rem' }}>{label}</FormHelperText>}
      <RadioGroup row name={name} value={mode} onChange={(e) => onMode(e.target.value as Mode)}>
        <FormControlLabel value="existing" control={<Radio />} label={t('existing')} />
        <FormControlLabel value="new" control={<Radio />} label={t('new')} />
      </RadioGroup>
      <Box sx={{ mt: 1 }}>{children}</Box>
    </Box>
  );
}
