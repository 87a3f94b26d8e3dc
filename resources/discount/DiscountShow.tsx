import { Button, Chip, Stack } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import {
  DataTable, FunctionField, Labeled, ReferenceManyField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext, useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { editPath } from '../../src/kit/entity/paths';
import { dateTime, discountValue, useExpireDiscount, type DiscountRow, type RuleRow } from './discountParts';
import './messages';

/** /discount/{id}: a discount — name, type, value, whether it has expired — with the rules that offer it, and its expire action. */
export default function DiscountShow() {
  const translate = useTranslate();
  return (
    <Show<DiscountRow> title={translate('page.discounts')} actions={<DiscountShowActions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <FunctionField<DiscountRow> source="is_percentage" render={(row) => translate(row.is_percentage ? 'discounts_page.percentage' : 'discounts_page.fixed_amount')} />
        <FunctionField<DiscountRow> source="value" render={discountValue} />
        <Labeled label="discounts_page.status">
          <FunctionField<DiscountRow> render={(row) => <DiscountStatus row={row} />} />
        </Labeled>
        <ReferenceManyField<DiscountRow, RuleRow> label="discounts_page.rules" reference="discount_rules" target="discount_id" sort={{ field: 'start_date', order: 'DESC' }}>
          <DataTable<RuleRow> bulkActionButtons={false} rowClick={false} empty={<span>{translate('discounts_page.no_rules')}</span>}>
            <DataTable.Col<RuleRow> source="facility_id" render={(row) => row.facility?.name ?? ''} />
            <DataTable.Col<RuleRow> source="product_type_id" render={(row) => row.product_type?.name ?? ''} />
            <DataTable.Col<RuleRow> source="start_date" render={(row) => dateTime(row.start_date)} />
            <DataTable.Col<RuleRow> source="end_date" render={(row) => dateTime(row.end_date)} />
            <DataTable.Col<RuleRow> source="comment" disableSort />
          </DataTable>
        </ReferenceManyField>
      </SimpleShowLayout>
    </Show>
  );
}

export function DiscountStatus({ row }: { row: DiscountRow }) {
  const translate = useTranslate();
  return row.expired
    ? <Chip size="small" label={translate('discounts_page.expired')} />
    : <Chip size="small" color="success" label={translate('discounts_page.active')} />;
}

function DiscountShowActions() {
  const translate = useTranslate();
  const record = useRecordContext<DiscountRow>();
  const { mayExpire, expire } = useExpireDiscount();
  if (!record || !mayExpire(record)) return null;
  return (
    <TopToolbar>
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to={editPath('discount', record.id)} startIcon={<EditIcon />}>{translate('ra.action.edit')}</Button>
        <Button color="warning" onClick={() => void expire(record)}>{translate('discounts_page.expire')}</Button>
      </Stack>
    </TopToolbar>
  );
}
