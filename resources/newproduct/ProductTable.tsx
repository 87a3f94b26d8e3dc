import { useState } from 'react';
import { Button, IconButton, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useNavigate } from 'react-router-dom';
import {
  DataTable, List, Pagination, ResourceContextProvider, SearchInput, SelectInput, TopToolbar, useDelete, useGetList, useTranslate,
} from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/constants';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { EntityDialog, type DialogTarget } from '../../src/kit/entity/EntityDialog';
import { editPath, showPath } from '../../src/kit/entity/paths';
import { ProductFormInputs } from './ProductFormInputs';
import { productColumns } from './productColumns';
import { productTabPath } from './ProductHeader';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import './messages';

// The products table (spec 3 §2.1): filter text, facility and product (type) filters, Add new (the
// base product form in a dialog, then on to the new product's facility settings), and per row edit
// (/newproduct/{id}/edit), view (/newproduct/{id}?tab=facility) and delete (confirmed). A row opens
// the product's page.

interface ProductRow {
  id: number;
  name: string;
}

function RowActions({ record }: { record: ProductRow }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [deleteOne] = useDelete();
  const { confirmDelete, run, notifySuccess } = useDialogs();
  const remove = async () => {
    if (!(await confirmDelete({ message: translate('products_page.delete_message', { name: record.name }) }))) return;
    if (!(await run(() => deleteOne('newproduct', { id: record.id, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true })))) return;
    notifySuccess('products_page.deleted');
  };
  return (
    <Stack direction="row" justifyContent="flex-end" onClick={(event) => event.stopPropagation()}>
      <IconButton aria-label={translate('products_page.edit')} onClick={() => navigate(editPath('newproduct', record.id))}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton aria-label={translate('products_page.view')} onClick={() => navigate(productTabPath(record.id, 'facility'))}>
        <VisibilityIcon fontSize="small" />
      </IconButton>
      <IconButton aria-label={translate('products_page.delete')} onClick={remove}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

export function ProductTable() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const facilities = useFacilityChoices();
  const { data: productTypes = [] } = useGetList('product_types', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'ranking', order: 'ASC' } });
  const filters = [
    <SearchInput key="q" source="q" placeholder={translate('products_page.filter')} alwaysOn />,
    <SelectInput key="facility_id" source="facility_id" label="products_page.facility" choices={facilities} alwaysOn />,
    <SelectInput key="product_type_id" source="product_type_id" label="products_page.product" choices={productTypes} alwaysOn />,
  ];
  const actions = (
    <TopToolbar>
      <Button startIcon={<AddIcon />} onClick={() => setTarget({ mode: 'create' })}>
        {translate('products_page.add_new')}
      </Button>
    </TopToolbar>
  );
  return (
    <ResourceContextProvider value="newproduct">
      <List
        resource="newproduct"
        filters={filters}
        actions={actions}
        empty={false}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
        disableSyncWithLocation
        title={false}
      >
        <DataTable bulkActionButtons={false} rowClick={(id) => showPath('newproduct', id)}>
          {productColumns(['base_price', 'full_price', 'team_price'])}
          <DataTable.Col label="" align="right" render={(p: ProductRow) => <RowActions record={p} />} />
        </DataTable>
      </List>
      {/* A new product is sold nowhere yet: go on to its facility settings. */}
      {/* The prices and fields a product needs follow its GL (core/productForm, the server's rules too): its inputs check them. */}
      <EntityDialog target={target} onClose={() => setTarget(null)} byInputs onSaved={(record) => navigate(productTabPath(record.id, 'facility'))}>
        <ProductFormInputs />
      </EntityDialog>
    </ResourceContextProvider>
  );
}
