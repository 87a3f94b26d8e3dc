import { useState, type ReactNode } from 'react';
import { Button, IconButton } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { DataTable, List, Pagination, TopToolbar, useTranslate, type SortPayload } from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../core/constants';
import { RecordDialog, type DialogTarget } from './RecordDialog';

// The table of a resources tab (spec 1 §2): Add new, the columns, an edit icon per row (a click on
// the row does the same), and the add / edit dialog. It lists the resource of the ResourceContext.

interface SettingsListProps {
  /** The columns (DataTable.Col …). */
  children: ReactNode;
  /** The dialog's inputs. */
  inputs: ReactNode;
  sort?: SortPayload;
}

export function SettingsList({ children, inputs, sort }: SettingsListProps) {
  const translate = useTranslate();
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const addNew = (
    <TopToolbar>
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
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
        // The page's own query string (?tab=) is not the list's.
        disableSyncWithLocation
      >
        <DataTable
          bulkActionButtons={false}
          rowClick={(id) => {
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
      <RecordDialog target={target} onClose={() => setTarget(null)}>
        {inputs}
      </RecordDialog>
    </>
  );
}
