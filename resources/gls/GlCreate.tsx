import { useTranslate } from 'react-admin';
import { EntityCreate } from '../../src/kit/entity/EntityPages';
import { GlInputs } from './GlInputs';
import './messages';

/** /gls/create: a new GL (the list's Add new is the same form in a dialog); then its page. */
export default function GlCreate() {
  const translate = useTranslate();
  return (
    <EntityCreate title={translate('gls_page.add_title')}>
      <GlInputs />
    </EntityCreate>
  );
}
