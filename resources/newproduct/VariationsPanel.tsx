import { useState } from 'react';
import {
  Alert, Button, Card, CardContent, CardHeader, IconButton, Table, TableBody, TableCell, TableHead, TableRow,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  BooleanInput, NumberInput, ResourceContextProvider, SaveButton, SelectInput, Toolbar, useCreate, useDelete, useRecordContext,
  useTranslate, useUpdate, type RaRecord,
} from 'react-admin';
import type { ProductDetail, Variation } from '../../core/api/products';
import { formatUsd, toCents } from '../../core/money';
import { PRICE_KEYS, productFormRules, type PriceKey } from '../../core/productForm';
import { EntityForm } from '../../src/kit/entity/EntityForm';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import './messages';

// The Facility settings of a product (spec 3 §2.2), on its page: its variations, one per facility,
// with that facility's prices, and a form to add or change one (checked by the declaration of the
// settings' calls). The prices shown are those the product's GL asks for (core/productForm). A write
// refreshes the product's page (its detail holds the variations).

/** null: the form is closed; 'new': adding; else the variation being edited. */
type Editing = null | 'new' | Variation;

/** The product's page reads its variations: a write to them changes it. */
const REFRESHES = { meta: { invalidates: ['newproduct'] } };
const WAITED = { mutationMode: 'pessimistic' as const, returnPromise: true as const };

const asRecord = (variation: Variation): RaRecord => ({ ...variation, id: variation.ID });

export function VariationsPanel() {
  const translate = useTranslate();
  const product = useRecordContext<ProductDetail & { id: number }>();
  const { confirmDelete, run, notifySuccess } = useDialogs();
  const facilities = useFacilityChoices();
  const [editing, setEditing] = useState<Editing>(null);
  const [create] = useCreate(undefined, undefined, REFRESHES);
  const [update] = useUpdate(undefined, undefined, REFRESHES);
  const [remove] = useDelete(undefined, undefined, REFRESHES);
  if (!product) return null;

  const rules = productFormRules({ code: product.gl.code, category: product.gl.product_type?.category ?? 'block' });
  const prices = PRICE_KEYS.filter((key) => key in rules.prices);
  const facilityName = (id: number) => facilities.find((f) => f.id === id)?.name ?? `#${id}`;
  /** A new variation names its product. */
  const ofProduct = (values: Record<string, unknown>) => (editing === 'new' ? { ...values, new_product_id: product.id } : values);

  const save = async (values: Record<string, unknown>) => {
    const data = ofProduct(Object.fromEntries(Object.entries(values).filter(([key]) => ['available', 'facility_id', ...prices].includes(key as PriceKey))));
    const done = await run(() =>
      editing === 'new'
        ? create('product_settings', { data }, WAITED)
        : update('product_settings', { id: (editing as Variation).ID, data, previousData: asRecord(editing as Variation) }, WAITED),
    );
    if (!done) return;
    notifySuccess('products_page.setting_saved');
    setEditing(null);
  };

  const removeSetting = async (variation: Variation) => {
    const message = translate('products_page.delete_setting_message', { facility: facilityName(variation.facility_id) });
    if (!(await confirmDelete({ message }))) return;
    if (!(await run(() => remove('product_settings', { id: variation.ID, previousData: asRecord(variation) }, WAITED)))) return;
    notifySuccess('products_page.setting_deleted');
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
                  <TableCell key={key} align="right">{formatUsd(toCents(v[key]))}</TableCell>
                ))}
                <TableCell>{translate(v.available ? 'products_page.yes' : 'products_page.no')}</TableCell>
                <TableCell align="right">
                  <IconButton aria-label={translate('products_page.edit')} onClick={() => setEditing(v)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={translate('products_page.delete')} onClick={() => removeSetting(v)}>
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
            <ResourceContextProvider value="product_settings">
              <EntityForm
                verb={editing === 'new' ? 'create' : 'update'}
                transform={ofProduct}
                key={editing === 'new' ? 'new' : editing.ID}
                record={editing === 'new' ? { available: true } : asRecord(editing)}
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
                  <SelectInput source="facility_id" choices={facilities.filter((f) => !taken.has(f.id))} isRequired />
                )}
                {prices.map((key) => (
                  <NumberInput key={key} source={key} />
                ))}
                <BooleanInput source="available" />
              </EntityForm>
            </ResourceContextProvider>
          </CardContent>
        </Card>
      )}
    </>
  );
}
