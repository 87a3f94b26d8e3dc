import { useId, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogTitle, LinearProgress } from '@mui/material';
import {
  CreateBase, EditBase, SaveButton, SimpleForm, useGetResourceLabel, useNotify, useRefresh, useResourceContext,
  useTranslate, type Identifier, type RaRecord,
} from 'react-admin';
import './messages';

// The add and edit dialog of a resources tab (spec 1 §2: "each add or edit happens in a dialog").
// Saving closes it and reloads the list; a failure leaves it open and shows the global error dialog
// (the app's QueryClient reports every failed mutation, so no second notice is raised here).

/** What the dialog works on: a new record, or the record with this id. */
export type DialogTarget = { mode: 'create' } | { mode: 'edit'; id: Identifier };

interface RecordDialogProps {
  target: DialogTarget | null;
  onClose: () => void;
  /** The inputs, shared by add and edit. */
  children: ReactNode;
  /** Called with the saved record, after the list is reloaded (e.g. to go where the record is). */
  onSaved?: (record: RaRecord) => void;
}

const quiet = () => undefined;

export function RecordDialog({ target, onClose, children, onSaved }: RecordDialogProps) {
  const resource = useResourceContext();
  const translate = useTranslate();
  const label = useGetResourceLabel()(resource ?? '', 1);
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();

  const saved = (message: string) => (record: RaRecord) => {
    onClose();
    notify(message, { type: 'success', messageArgs: { smart_count: 1 } });
    refresh();
    onSaved?.(record);
  };
  const form = (
    <SimpleForm noValidate
      toolbar={
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton />
        </DialogActions>
      }
    >
      {children}
    </SimpleForm>
  );

  return (
    <Dialog open={target !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {target?.mode === 'create' && (
        <>
          <DialogTitle id={titleId}>{translate('resources_page.add_title', { name: label, _: `Add new ${label}` })}</DialogTitle>
          <CreateBase redirect={false} mutationOptions={{ onSuccess: saved('ra.notification.created'), onError: quiet }}>
            {form}
          </CreateBase>
        </>
      )}
      {target?.mode === 'edit' && (
        <>
          <DialogTitle id={titleId}>{translate('resources_page.edit_title', { name: label, _: `Edit ${label}` })}</DialogTitle>
          <EditBase
            id={target.id}
            redirect={false}
            mutationMode="pessimistic"
            mutationOptions={{ onSuccess: saved('ra.notification.updated'), onError: quiet }}
            loading={<LinearProgress sx={{ m: 2 }} />}
          >
            {form}
          </EditBase>
        </>
      )}
    </Dialog>
  );
}
