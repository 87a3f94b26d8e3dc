import { useState, type ReactNode } from 'react';
import { Button, DialogActions, LinearProgress } from '@mui/material';
import {
  CreateBase, EditBase, SaveButton, useGetResourceLabel, useSaveContext, useNotify, useResourceContext, useTranslate, type Identifier, type RaRecord,
} from 'react-admin';
import { newIdempotencyKey } from '../../../core/idempotencyKey';
import { KitDialog, type KitDialogProps } from '../layout/KitDialog';
import { EntityForm } from './EntityForm';

// The kit's record dialog: an entity's create or edit form over the page that opened it (spec 1 §2:
// "each add or edit happens in a dialog"), validated by the entity's declaration. Saving closes it;
// every open view of the resource shows the change (the app's QueryClient refreshes them); a refusal
// the form cannot place under a field opens the global error dialog.

/** What the dialog works on: a new record, or the record with this id. */
export type DialogTarget = { mode: 'create' } | { mode: 'edit'; id: Identifier };

export interface EntityDialogProps {
  target: DialogTarget | null;
  onClose: () => void;
  /** The inputs, shared by add and edit. */
  children: ReactNode;
  /** Called with the saved record (e.g. to go where the record is). */
  onSaved?: (record: RaRecord) => void;
  /**
   * The titles, when not "Add new {resource}" and "Edit {resource}" (i18n keys or text; the default
   * keys are the /resources tabs' messages, loaded with their lists).
   */
  titles?: { create?: string; edit?: string };
  /** The success notice (i18n key with the record's fields as arguments), when not react-admin's. */
  notice?: (mode: DialogTarget['mode'], record: RaRecord) => { message: string; args?: Record<string, unknown> };
  /** What the save does to the values before they are sent. */
  transform?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Save is offered before anything is typed (to say at once what the form needs). */
  alwaysEnable?: boolean;
  /** Checked by its inputs' validators rather than the declaration (EntityForm's byInputs). */
  byInputs?: boolean;
  /** The declaration, and also the inputs' own validators (EntityForm's inputRules). */
  inputRules?: boolean;
  /** A new record's starting values (a copy of another, the defaults of its form). */
  record?: Partial<RaRecord>;
  maxWidth?: KitDialogProps['maxWidth'];
}

const quiet = () => undefined;

export function EntityDialog({ target, onClose, children, onSaved, titles, notice, transform, alwaysEnable, byInputs, inputRules, record, maxWidth }: EntityDialogProps) {
  const resource = useResourceContext();
  const translate = useTranslate();
  const label = useGetResourceLabel()(resource ?? '', 1);
  const notify = useNotify();
  // One Idempotency-Key per record added: a retried save creates once; the next record takes a new one.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const saved = (mode: DialogTarget['mode']) => (record: RaRecord) => {
    if (mode === 'create') setIdempotencyKey(newIdempotencyKey());
    onClose();
    const { message, args } = notice?.(mode, record) ?? { message: mode === 'create' ? 'ra.notification.created' : 'ra.notification.updated', args: { smart_count: 1 } };
    notify(message, { type: 'success', messageArgs: args });
    onSaved?.(record);
  };
  const form = (verb: 'create' | 'update') => (
    <EntityForm verb={verb} transform={transform} byInputs={byInputs} inputRules={inputRules}
      toolbar={
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <DialogSave alwaysEnable={alwaysEnable} />
        </DialogActions>
      }
    >
      {children}
    </EntityForm>
  );
  const title = target?.mode === 'edit'
    ? translate(titles?.edit ?? 'resources_page.edit_title', { name: label, _: titles?.edit ?? `Edit ${label}` })
    : translate(titles?.create ?? 'resources_page.add_title', { name: label, _: titles?.create ?? `Add new ${label}` });

  return (
    <KitDialog open={target !== null} onClose={onClose} title={title} maxWidth={maxWidth}>
      {target?.mode === 'create' && (
        <CreateBase redirect={false} record={record} transform={transform} mutationOptions={{ meta: { idempotencyKey }, onSuccess: saved('create'), onError: quiet }}>
          {form('create')}
        </CreateBase>
      )}
      {target?.mode === 'edit' && (
        <EditBase
          id={target.id}
          redirect={false}
          mutationMode="pessimistic"
          transform={transform}
          mutationOptions={{ onSuccess: saved('edit'), onError: quiet }}
          loading={<LinearProgress sx={{ m: 2 }} />}
        >
          {form('update')}
        </EditBase>
      )}
    </KitDialog>
  );
}

/** Save, offered before anything is typed when `alwaysEnable`, and disabled while the save runs. */
function DialogSave({ alwaysEnable }: { alwaysEnable?: boolean }) {
  const { saving } = useSaveContext();
  return <SaveButton alwaysEnable={alwaysEnable && !saving} disabled={saving} />;
}
