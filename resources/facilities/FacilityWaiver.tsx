import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../core/constants';
import { facilityWaiver, newWaiverVersion, type FacilityWaiver as Versions } from '../../core/api/waivers';
import { can } from '../../core/permissions';
import { formatDate } from '../../core/time';
import { useFacilityTimeZone } from '../../src/kit/components/useFacilityTimeZone';
import { useDeclaredMutation, useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { FacilitySection } from './FacilitySection';
import './messages';

// The waiver section of a facility's edit dialog (issue 43 §6): the current text, edited and saved as
// a new version (its own call, apart from the dialog's Save): a new version asks every family again.
// Only admins edit it; a manager reads the current text.

function WaiverEditor({ facilityId, versions }: { facilityId: number; versions: Versions }) {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const editable = can(role, 'facilities', 'waiver');
  const zone = useFacilityTimeZone(facilityId);
  const { run, notifySuccess } = useDialogs();
  const [text, setText] = useState(versions.current?.text ?? '');
  const save = useDeclaredMutation(newWaiverVersion, { invalidates: ['facilities'], meta: { errorDialog: false } });
  const current = versions.current;
  const changed = text.trim() !== '' && text.trim() !== (current?.text ?? '');

  async function saveVersion() {
    if (await run(() => save.mutateAsync({ params: { id: facilityId }, body: { text } }))) notifySuccess('facility_waiver.saved');
  }

  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {current
          ? translate('facility_waiver.current', { version: current.ID, date: formatDate(current.CreatedAt, zone), hash: current.sha256.slice(0, 12) })
          : translate('facility_waiver.none')}
      </Typography>
      <TextField label={translate('facility_waiver.text')} value={text} onChange={(e) => setText(e.target.value)} multiline minRows={6} fullWidth
        slotProps={{ input: { readOnly: !editable } }} helperText={translate(editable ? 'facility_waiver.hint' : 'facility_waiver.adminsOnly')} />
      {editable && (
        <Button variant="outlined" disabled={!changed || save.isPending} onClick={() => void saveVersion()} sx={{ alignSelf: 'flex-start' }}>
          {translate('facility_waiver.save')}
        </Button>
      )}
    </Stack>
  );
}

function Versions({ facilityId }: { facilityId: number }) {
  const { data } = useDeclaredQuery('facilities', facilityWaiver, { params: { id: facilityId } });
  return data ? <WaiverEditor key={data.current?.ID ?? 0} facilityId={facilityId} versions={data} /> : null;
}

export function FacilityWaiver() {
  return <FacilitySection title="facility_waiver.title">{(id) => <Versions facilityId={id} />}</FacilitySection>;
}
