import { useState, type ReactNode } from 'react';
import { Button, IconButton } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { DataTable, List, Pagination, TopToolbar, useTranslate, type RaRecord, type SortPayload } from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../../core/constants';
import { EntityDialog, type DialogTarget } from '../../entity/EntityDialog';
import { showPath } from '../../entity/paths';
import './messages';

// The table of a resources tab (spec 1 §2): Add new, the columns, an edit icon per row (a click on
// the row does the same, or opens the record's page: showRecords), and the add / edit dialog. It
// lists the resource of the ResourceContext.

interface SettingsListProps {
  /** The columns (DataTable.Col …). */
  children: ReactNode;
  /** The dialog's inputs. */
  inputs: ReactNode;
  sort?: SortPayload;
  /** A filter the list always applies (e.g. the field tab's facility). */
  filter?: Record<string, unknown>;
  /** More controls beside Add new (e.g. the field tab's facility picker). */
  toolbar?: ReactNode;
  /** Called with a saved record (see RecordDialog). */
  onSaved?: (record: RaRecord) => void;
  /** A row opens its record's page (the resource's show view) rather than the edit dialog. */
  showRecords?: boolean;
}

export function SettingsList({ children, inputs, sort, filter, toolbar, onSaved, showRecords }: SettingsListProps) {
  const translate = useTranslate();
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const addNew = (
    <TopToolbar sx={{ alignItems: 'center' }}>
      {toolbar}
      <Button startIcon={<AddIcon />} onClick={() => setTarget({ mode: 'create' })}>
        {translate('resources_page.add_new', { _: 'Add new' })}
      </Button>
    </TopToolbar>
  );
  return (
    <>
      <List
        actions={addNew}
        empty={false}
        sort={sort}
        filter={filter}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
        // The page's own query string (?tab=) is not the list's.
        disableSyncWithLocation
      >
        <DataTable
          bulkActionButtons={false}
          rowClick={(id, resource) => {
            if (showRecords) return showPath(resource, id);
            setTarget({ mode: 'edit', id });
            return false;
          }}
        >
          {children}
          <DataTable.Col
            label=""
            align="right"
            render={(record) => (
              <IconButton
                aria-label={translate('ra.action.edit')}
                onClick={(event) => {
                  event.stopPropagation();
                  setTarget({ mode: 'edit', id: record.id });
                }}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            )}
          />
        </DataTable>
      </List>
      <EntityDialog target={target} onClose={() => setTarget(null)} onSaved={onSaved}>
        {inputs}
      </EntityDialog>
    </>
  );
}
