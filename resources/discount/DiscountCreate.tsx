import { useTranslate } from 'react-admin';
import { EntityCreate } from '../../src/kit/entity/EntityPages';
import { DiscountInputs } from './DiscountInputs';
import './messages';

/** /discount/create: a new discount (admins; the list's Add new is the same form in a dialog); then its page. */
export default function DiscountCreate() {
  const translate = useTranslate();
  return (
    <EntityCreate title={translate('discounts_page.add_title')}>
      <DiscountInputs />
    </EntityCreate>
  );
}
