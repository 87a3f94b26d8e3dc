import { usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../core/constants';
import { EntityEdit } from '../../src/kit/entity/EntityPages';
import { StaffInputs } from './StaffInputs';
import './messages';

/** /staff/{id}/edit: a staff account's details; then its page. */
export default function StaffEdit() {
  const translate = useTranslate();
  const { permissions: actor } = usePermissions<Role>();
  return (
    <EntityEdit title={translate('staff.edit_title')}>
      <StaffInputs actor={actor} />
    </EntityEdit>
  );
}
