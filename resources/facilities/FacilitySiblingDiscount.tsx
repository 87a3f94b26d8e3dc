import { Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { facilitySiblingDiscount, setSiblingDiscount, type SiblingDiscountRule } from '../../core/api/portalTeams';
import { useDeclaredMutation, useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { FacilitySection } from './FacilitySection';
import './messages';

// The sibling discount section of a facility's edit dialog (issue 44 §6): on or off, the percent off
// the second child of a family in a program and off the third and later (its own call, apart from the
// dialog's Save).

function RuleEditor({ facilityId, rule }: { facilityId: number; rule: SiblingDiscountRule }) {
  const translate = useTranslate();
  const { run, notifySuccess } = useDialogs();
  const [enabled, setEnabled] = useState(rule.enabled);
  const [second, setSecond] = useState(String(rule.second_percent));
  const [later, setLater] = useState(String(rule.later_percent));
  const save = useDeclaredMutation(setSiblingDiscount, { invalidates: ['facilities'], meta: { errorDialog: false } });
  const valid = [second, later].every((v) => v.trim() !== '' && Number(v) >= 0 && Number(v) <= 100);

  async function saveRule() {
    const body = { enabled, second_percent: Number(second), later_percent: Number(later) };
    if (await run(() => save.mutateAsync({ params: { id: facilityId }, body }))) notifySuccess('facility_sibling.saved');
  }

  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">{translate('facility_sibling.hint')}</Typography>
      <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label={translate('facility_sibling.enabled')} />
      <TextField label={translate('facility_sibling.second')} type="number" value={second} onChange={(e) => setSecond(e.target.value)} slotProps={{ htmlInput: { min: 0, max: 100, step: 0.5 } }} />
      <TextField label={translate('facility_sibling.later')} type="number" value={later} onChange={(e) => setLater(e.target.value)} slotProps={{ htmlInput: { min: 0, max: 100, step: 0.5 } }} />
      <Button variant="outlined" disabled={!valid || save.isPending} onClick={() => void saveRule()} sx={{ alignSelf: 'flex-start' }}>
        {translate('facility_sibling.save')}
      </Button>
    </Stack>
  );
}

function Rule({ facilityId }: { facilityId: number }) {
  const { data } = useDeclaredQuery('facilities', facilitySiblingDiscount, { params: { id: facilityId } });
  return data ? <RuleEditor key={`${data.enabled}-${data.second_percent}-${data.later_percent}`} facilityId={facilityId} rule={data} /> : null;
}

export function FacilitySiblingDiscount() {
  return <FacilitySection title="facility_sibling.title">{(id) => <Rule facilityId={id} />}</FacilitySection>;
}
