import { DataTable } from 'react-admin';
import { SettingsList } from '../../src/kit/components/settings/SettingsList';
import { GlInputs } from './GlInputs';
import './messages';

// GLs (spec 1 §2, §3): code, product type, season; Add new and edit are dialogs over the list. GET /gl
// nests each GL's product_type and season, which the table shows. The gl tab of /resources is this
// table (a row edits its GL); at /gls a row opens the GL's page.

interface Gl {
  product_type?: { name: string } | null;
  season?: { name: string } | null;
}

function GlTableOf({ showRecords }: { showRecords?: boolean }) {
  return (
    <SettingsList inputs={<GlInputs />} sort={{ field: 'code', order: 'ASC' }} showRecords={showRecords}>
      <DataTable.Col source="code" />
      <DataTable.Col source="product_type_id" render={(gl: Gl) => gl.product_type?.name ?? ''} />
      <DataTable.Col source="season_id" render={(gl: Gl) => gl.season?.name ?? ''} />
    </SettingsList>
  );
}

/** The gl tab of /resources. */
export function GlTab() {
  return <GlTableOf />;
}

/** /gls: the list view of the GL resource. */
export default function GlList() {
  return <GlTableOf showRecords />;
}
