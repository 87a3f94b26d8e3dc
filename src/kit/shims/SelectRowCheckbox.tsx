import { memo, useCallback, type MouseEvent } from 'react';
import { Checkbox } from '@mui/material';
import { useDataTableCallbacksContext, useDataTableSelectedIdsContext, useRecordContext, useTranslate } from 'ra-core';

// react-admin's DataTable row checkbox (ra-ui-materialui list/datatable/SelectRowCheckbox.js) with its
// name on the input: there it is an aria-label on the root, which MUI 7 renders on a span without a role
// — axe's aria-prohibited-attr and an unnamed checkbox (label) for every row of a list with bulk actions.
// vite.config.ts (packageShim) puts this module in its place in the built app.

export const SelectRowCheckbox = memo(() => {
  const { handleToggleItem, isRowSelectable } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext();
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) throw new Error('SelectRowTableCell can only be used within a RecordContext');
  const selectable = !isRowSelectable || isRowSelectable(record);
  const toggle = useCallback((event: MouseEvent<HTMLButtonElement>) => {
    if (!selectable || !handleToggleItem) return;
    handleToggleItem(record.id, event);
    event.stopPropagation();
  }, [record.id, handleToggleItem, selectable]);
  return (
    <Checkbox
      slotProps={{ input: { 'aria-label': translate('ra.action.select_row', { _: 'Select this row' }) } }}
      color="primary" className="select-item RaDataTable-checkbox"
      checked={selectable && !!selectedIds?.includes(record.id)} onClick={toggle} disabled={!selectable}
    />
  );
});
SelectRowCheckbox.displayName = 'SelectRowTableCell';
