import { Button, Chip, LinearProgress, Stack } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import {
  FunctionField, Labeled, ShowBase, SimpleShowLayout, TextField, Title, usePermissions, useRecordContext, useTranslate,
} from 'react-admin';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { ProductDetail } from '../../core/api/products';
import { formatUsd, toCents } from '../../core/money';
import { can } from '../../core/permissions';
import { DURATION_UNIT, PRICE_KEYS, productFormRules } from '../../core/productForm';
import type { Role } from '../../core/constants';
import { DETAIL_META } from '../../dataProvider';
import { editPath } from '../../src/kit/entity/paths';
import { PRODUCT_TABS, ProductHeader, type ProductTab } from './ProductHeader';
import { VariationsPanel } from './VariationsPanel';
import './messages';

/**
 * /newproduct/{id} (spec 3 §2.2): the back link and the toggle, chosen by ?tab=base|facility, between
 * the base product (what its GL asks of it: prices, duration, field types; its taxes and fees, and
 * Edit) and its facility settings. The detail (GET /newproduct/{id}) under its own query: the list's
 * summaries, which react-admin seeds the plain getOne with, have no variations.
 */
export default function ProductShow() {
  const { id = '' } = useParams();
  const requested = new URLSearchParams(useLocation().search).get('tab');
  const tab: ProductTab = PRODUCT_TABS.find((t) => t === requested) ?? 'base';
  return (
    <ShowBase resource="newproduct" id={id} queryOptions={{ meta: DETAIL_META }} loading={<LinearProgress />}>
      <Title title="page.new_product" />
      <ProductHeader id={id} tab={tab} />
      {tab === 'base' ? <BaseProduct /> : <VariationsPanel />}
    </ShowBase>
  );
}

type Product = ProductDetail & { id: number };

function BaseProduct() {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const product = useRecordContext<Product>();
  if (!product) return null;
  const rules = productFormRules({ code: product.gl?.code ?? '', category: product.gl?.product_type?.category ?? 'block' });
  const names = (links: Array<{ tax?: { name: string }; fee?: { name: string }; field_type?: { name: string } }>) =>
    <Stack direction="row" spacing={1}>{links.map((link, i) => <Chip key={i} size="small" label={(link.tax ?? link.fee ?? link.field_type)?.name ?? ''} />)}</Stack>;
  return (
    <SimpleShowLayout>
      {can(role, 'products', 'edit') && (
        <Button component={Link} to={editPath('newproduct', product.id)} startIcon={<EditIcon />} sx={{ alignSelf: 'flex-start' }}>
          {translate('products_page.edit')}
        </Button>
      )}
      <TextField source="name" />
      <TextField source="description" emptyText="—" />
      <FunctionField<Product> source="gl_id" render={(row) => `${row.gl?.code ?? ''} — ${row.gl?.product_type?.name ?? ''}`} />
      {PRICE_KEYS.filter((key) => key in rules.prices).map((key) => (
        <FunctionField<Product> key={key} source={key} render={(row) => (row[key] === null || row[key] === undefined ? '—' : formatUsd(toCents(row[key])))} />
      ))}
      {rules.duration && (
        <Labeled label={`resources.newproduct.fields.duration_${rules.duration}`}>
          <FunctionField<Product> render={(row) => String(row.duration / DURATION_UNIT[rules.duration!])} />
        </Labeled>
      )}
      {rules.fieldTypes && <FunctionField<Product> source="field_types" render={(row) => names(row.field_types)} />}
      {rules.prorate && <FunctionField<Product> source="prorate" render={(row) => translate(row.prorate ? 'products_page.yes' : 'products_page.no')} />}
      <FunctionField<Product> source="taxes" render={(row) => names(row.taxes)} />
      <FunctionField<Product> source="fees" render={(row) => names(row.fees)} />
    </SimpleShowLayout>
  );
}
