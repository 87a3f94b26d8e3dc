import { useState } from 'react';
import { Button, Link, TextField, Typography } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { useListContext, usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../../../core/constants';
import { can } from '../../../../core/permissions';
import { useTouchlineDataProvider, type HubspotListAnswer, type HubspotSelection } from '../../../../dataProvider';
import { FormDialog, useFormCall } from '../FormDialog';
import './messages';

// "Export hubspot" (spec 3 §2.3, §2.5, §2.13, §2.15, §2.16; issue 29 item 4): a Generate button sends
// the leagues, teams or classes to POST /customer/hubspot, then the dialog shows the list's id (to be
// put in a custom property) and a link to the list in HubSpot; Cancel, or Close once generated. The
// server's refusals (no integration, HubSpot busy, facilities mixed, nobody to add) show in the dialog.
// Only the roles the call allows see the buttons.

export function HubspotExportDialog({ selection, onClose }: { selection: HubspotSelection; onClose(): void }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { message, busy, call } = useFormCall();
  const [list, setList] = useState<HubspotListAnswer | null>(null);
  const generate = () => void call(async () => setList(await dataProvider.exportHubspot(selection)));
  return (
    <FormDialog title="hubspot.title" onClose={onClose} onSubmit={generate} submitLabel="hubspot.generate" submitDisabled={busy}
      hideSubmit={list !== null} cancelLabel={list ? 'ra.action.close' : 'ra.action.cancel'} message={message}>
      {list ? (
        <>
          <Typography variant="body2">{translate('hubspot.contacts', { smart_count: list.contacts, name: list.name })}</Typography>
          <TextField label={translate('hubspot.list_id')} value={list.data} slotProps={{ htmlInput: { readOnly: true } }} onFocus={(e) => e.target.select()} />
          <Typography variant="body2" color="text.secondary">{translate('hubspot.hint')}</Typography>
          <Link href={list.link} target="_blank" rel="noopener">{translate('hubspot.open')}</Link>
        </>
      ) : (
        <Typography variant="body2">{translate('hubspot.intro')}</Typography>
      )}
    </FormDialog>
  );
}

/** Whether the signed-in role may export to HubSpot (the declaration's permission). */
export function useCanExportHubspot(): boolean {
  const { permissions } = usePermissions<Role>();
  return can(permissions, 'customer_profile', 'export');
}

/** A button opening the dialog for `selection`; nothing for roles that may not export. `label` is the page's i18n key. */
export function HubspotExportButton({ selection, label, variant = 'outlined' }: { selection: HubspotSelection; label: string; variant?: 'outlined' | 'text' }) {
  const translate = useTranslate();
  const allowed = useCanExportHubspot();
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button variant={variant} startIcon={<CloudUploadIcon />} onClick={() => setOpen(true)}>{translate(label)}</Button>
      {open && <HubspotExportDialog selection={selection} onClose={() => setOpen(false)} />}
    </>
  );
}

/** A list's bulk action: the ticked rows' ids as `key` (league_ids, team_ids or class_ids). */
export function HubspotBulkButton({ ids, label }: { ids: keyof HubspotSelection; label: string }) {
  const { selectedIds } = useListContext();
  return <HubspotExportButton selection={{ [ids]: selectedIds.map(Number) }} label={label} variant="text" />;
}
