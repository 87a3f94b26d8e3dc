import { useTranslate } from 'react-admin';
import { EntityEdit } from '../../src/kit/entity/EntityPages';
import { GlInputs } from './GlInputs';
import './messages';

/** /gls/{id}/edit: a GL's code, product type and season; then its page. */
export default function GlEdit() {
  const translate = useTranslate();
  return (
    <EntityEdit title={translate('gls_page.edit_title')}>
      <GlInputs />
    </EntityEdit>
  );
}
