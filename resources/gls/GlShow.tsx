import { Button } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import {
  DataTable, FunctionField, ReferenceManyField, Show, SimpleShowLayout, TextField, TopToolbar, usePermissions, useRecordContext, useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { Gl } from '../../core/api/settings';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { editPath, showPath } from '../../src/kit/entity/paths';
import './messages';

type GlRecord = Gl & { id: number };

/** /gls/{id}: a GL — code, product type, season — and the products filed under it (each opens its page). */
export default function GlShow() {
  const translate = useTranslate();
  return (
    <Show<GlRecord> title={translate('gls_page.title')} actions={<GlShowActions />}>
      <SimpleShowLayout>
        <TextField source="code" />
        <FunctionField<GlRecord> source="product_type_id" render={(gl) => gl.product_type?.name ?? ''} />
        <FunctionField<GlRecord> source="season_id" render={(gl) => gl.season?.name ?? '—'} />
        <ReferenceManyField label="gls_page.products" reference="newproduct" target="gl_id" sort={{ field: 'name', order: 'ASC' }}>
          <DataTable bulkActionButtons={false} rowClick={(id) => showPath('newproduct', id)} empty={<span>{translate('gls_page.no_products')}</span>}>
            <DataTable.Col source="name" />
          </DataTable>
        </ReferenceManyField>
      </SimpleShowLayout>
    </Show>
  );
}

function GlShowActions() {
  const translate = useTranslate();
  const record = useRecordContext<GlRecord>();
  const { permissions: role } = usePermissions<Role>();
  if (!record || !can(role, 'gls', 'edit')) return null;
  return (
    <TopToolbar>
      <Button component={Link} to={editPath('gls', record.id)} startIcon={<EditIcon />}>{translate('ra.action.edit')}</Button>
    </TopToolbar>
  );
}
