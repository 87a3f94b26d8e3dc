import { useTranslate } from 'react-admin';
import { DETAIL_META } from '../../dataProvider';
import { EntityEdit } from '../../src/kit/entity/EntityPages';
import { TeamInputs } from './TeamInputs';
import './messages';

/** /team/{id}/edit: a team's name, age group and colour; then its page. */
export default function TeamEdit() {
  const translate = useTranslate();
  return (
    <EntityEdit title={translate('teams.edit_title')} meta={DETAIL_META}>
      <TeamInputs />
    </EntityEdit>
  );
}
