import { useTranslate, usePermissions, type RaRecord } from 'react-admin';
import type { Role } from '../../core/constants';
import { EntityDialog, type DialogTarget } from '../../src/kit/entity/EntityDialog';
import { StaffInputs } from './StaffInputs';
import './messages';

// Add new and Edit over the staff list (spec 1 §2: "Create and edit dialog"); the same inputs are the
// create and edit views at /staff/create and /staff/{id}/edit.

export function StaffDialog({ target, onClose }: { target: DialogTarget | null; onClose(): void }) {
  const translate = useTranslate();
  const { permissions: actor } = usePermissions<Role>();
  const typeOf = (record: RaRecord) => translate(`staff.types.${record.user_type}`, { _: String(record.user_type) });
  return (
    <EntityDialog
      target={target}
      onClose={onClose}
      alwaysEnable
      titles={{ create: 'staff.add_title', edit: 'staff.edit_title' }}
      notice={(mode, record) => (mode === 'create' ? { message: 'staff.created', args: { type: typeOf(record) } } : { message: 'staff.updated' })}
    >
      <StaffInputs actor={actor} />
    </EntityDialog>
  );
}
