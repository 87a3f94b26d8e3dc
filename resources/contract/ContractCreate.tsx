import { useTranslate } from 'react-admin';
import { EntityCreate } from '../../src/kit/entity/EntityPages';
import { ContractInputs } from './ContractInputs';
import './messages';

/** /contract/create: a new contract (the list's Create is the same form in a dialog); then its page. */
export default function ContractCreate() {
  const translate = useTranslate();
  return (
    <EntityCreate title={translate('contracts.create_title')}>
      <ContractInputs />
    </EntityCreate>
  );
}
