import { usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../core/constants';
import { EntityCreate } from '../../src/kit/entity/EntityPages';
import { StaffInputs } from './StaffInputs';
import './messages';

/** /staff/create: a new staff account, mailed its signup link; then its page. */
export default function StaffCreate() {
  const translate = useTranslate();
  const { permissions: actor } = usePermissions<Role>();
  return (
    <EntityCreate title={translate('staff.add_title')}>
      <StaffInputs actor={actor} />
    </EntityCreate>
  );
}
