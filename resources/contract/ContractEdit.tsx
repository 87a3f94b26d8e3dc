import { NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { DETAIL_META } from '../../dataProvider';
import { EntityEdit } from '../../src/kit/entity/EntityPages';
import { useContractTypes } from './ContractInputs';
import './messages';

// /contract/{id}/edit: what PUT /contract/{id} lets the office change (spec 2 §2) — the name, the
// comment, the deposit percentage and the event type (its events and invoice follow) — checked by its
// declaration; then the contract's page. The main hourly fee, which reprices events, is the page's.

export default function ContractEdit() {
  const translate = useTranslate();
  return (
    <EntityEdit title={translate('contracts.edit_title')} meta={DETAIL_META} transform={withComment}>
      <TextInput source="name" label="contracts.name" fullWidth />
      <TextInput source="comment" label="contracts.comment" multiline minRows={2} fullWidth />
      <NumberInput source="percentage" label="contracts.percentage" min={0} max={100} />
      <SelectInput source="product_type_id" label="contracts.product_type" choices={useContractTypes()} fullWidth />
    </EntityEdit>
  );
}

/** A comment is '' when empty, never null (the form empties an emptied text to null). */
const withComment = (values: Record<string, unknown>) => ({ ...values, comment: values.comment ?? '' });
