import { useState } from 'react';
import {
  Alert, Button, Card, CardContent, CardHeader, IconButton, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  BooleanInput, minValue, NumberInput, SaveButton, SelectInput, SimpleForm, Toolbar, useDataProvider, useGetOne, useTranslate,
} from 'react-admin';
import { formatUsd, toCents } from '../../core/money';
import { PRICE_KEYS, productFormRules, type PriceKey, type ProductCategory } from '../../core/productForm';
import { useDialogs } from '../../src/layout/dialogs';
import { useFacilityChoices } from '../../src/layout/facilities';
import './messages';

// The Facility settings of a product (spec 3 §2.2): its variations, one per facility, with that
// facility's prices, and a form to add or change one. The prices shown are those the product's GL
// asks for (core/productForm).

interface Variation {
  ID: number;
  facility_id: number;
  available: boolean;
  [price: string]: number | boolean;
}

interface Product {
  id: number;
  gl: { code: string; product_type: { category: ProductCategory } | null };
  variations: Variation[];
}

/** null: the form is closed; 'new': adding; else the variation being edited. */
type Editing = null | 'new' | Variation;

export function VariationsPanel({ productId }: { productId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { confirmDelete, run, notifySuccess } = useDialogs();
  const facilities = useFacilityChoices();
  const [editing, setEditing] = useState<Editing>(null);
  // The detail (GET /newproduct/{id}, with its variations) under its own query: react-admin seeds the
  // plain getOne query with the list's records, which have no variations (the View icon crashed on them).
  const { data: product, refetch } = useGetOne<Product>('newproduct', { id: productId, meta: { detail: true } });
  if (!product) return <LinearProgress />;

  const rules = productFormRules({ code: product.gl.code, category: product.gl.product_type?.category ?? 'block' });
  const prices = PRICE_KEYS.filter((key) => key in rules.prices);
  const facilityName = (id: number) => facilities.find((f) => f.id === id)?.name ?? `#${id}`;

  const save = async (values: Record<string, unknown>) => {
    const data = Object.fromEntries(Object.entries(values).filter(([key]) => key === 'available' || prices.includes(key as PriceKey)));
    const done = await run(() =>
      editing === 'new'
        ? dataProvider.create('product_settings', { data: { ...data, new_product_id: productId, facility_id: values.facility_id } })
        : dataProvider.update('product_settings', { id: (editing as Variation).ID, data, previousData: { ...(editing as Variation), id: (editing as Variation).ID } }),
    );
    if (!done) return;
    notifySuccess('products_page.setting_saved');
    setEditing(null);
    await refetch();
  };

  const remove = async (variation: Variation) => {
    const message = translate('products_page.delete_setting_message', { facility: facilityName(variation.facility_id) });
    if (!(await confirmDelete({ message }))) return;
    if (!(await run(() => dataProvider.delete('product_settings', { id: variation.ID, previousData: { ...variation, id: variation.ID } })))) return;
    notifySuccess('products_page.setting_deleted');
    await refetch();
  };

  const taken = new Set(product.variations.map((v) => v.facility_id));
  return (
    <>
      <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ mb: 1 }}>
        {translate('products_page.add_setting')}
      </Button>
      {product.variations.length === 0 ? (
        <Alert severity="info">{translate('products_page.no_variations')}</Alert>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('products_page.facility')}</TableCell>
              {prices.map((key) => (
                <TableCell key={key} align="right">{translate(`resources.product_settings.fields.${key}`)}</TableCell>
              ))}
              <TableCell>{translate('products_page.available')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {product.variations.map((v) => (
              <TableRow key={v.ID}>
                <TableCell>{facilityName(v.facility_id)}</TableCell>
                {prices.map((key) => (
                  <TableCell key={key} align="right">{formatUsd(toCents(v[key] as number))}</TableCell>
                ))}
                <TableCell>{translate(v.available ? 'products_page.yes' : 'products_page.no')}</TableCell>
                <TableCell align="right">
                  <IconButton aria-label={translate('products_page.edit')} onClick={() => setEditing(v)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={translate('products_page.delete')} onClick={() => remove(v)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && (
        <Card sx={{ mt: 2 }}>
          <CardHeader
            title={editing === 'new'
              ? translate('products_page.add_setting')
              : translate('products_page.edit_setting', { facility: facilityName(editing.facility_id) })}
          />
          <CardContent>
            <SimpleForm noValidate
              key={editing === 'new' ? 'new' : editing.ID}
              resource="product_settings"
              record={editing === 'new' ? { available: true } : editing}
              onSubmit={save}
              toolbar={
                <Toolbar>
                  <SaveButton alwaysEnable />
                  <Button onClick={() => setEditing(null)} sx={{ ml: 1 }}>{translate('products_page.cancel')}</Button>
                </Toolbar>
              }
            >
              {editing === 'new' && (
                // Managers may pick any; the server files it under their own facility.
                <SelectInput source="facility_id" choices={facilities.filter((f) => !taken.has(f.id))} validate={minValue(1)} isRequired />
              )}
              {prices.map((key) => (
                <NumberInput key={key} source={key} min={0} step={0.01} validate={minValue(0)} />
              ))}
              <BooleanInput source="available" />
            </SimpleForm>
          </CardContent>
        </Card>
      )}
    </>
  );
}
