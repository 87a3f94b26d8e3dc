import { useTranslate } from 'react-admin';
import { EntityCreate } from '../../src/kit/entity/EntityPages';
import { inFacility, TeamInputs } from './TeamInputs';
import './messages';

/** /team/create: Create new team (spec 3 §2.13) at an address of its own; then the team's page. */
export default function TeamCreate() {
  const translate = useTranslate();
  return (
    <EntityCreate title={translate('teams.create_title')} transform={inFacility}>
      <TeamInputs creating />
    </EntityCreate>
  );
}
