import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useCustomerSearch } from '../../../src/components/CustomerPicker/useCustomerSearch';
import { useTouchlineDataProvider, type CustomerSummary } from '../../../dataProvider';
import { useDialogs } from '../../../src/layout/dialogs';
import { CustomerTable } from './CustomerTable';
import { LimitNotice } from './LimitNotice';
import { SearchBox } from './SearchBox';
import './messages';

/** Reactivate Customer: searches deleted customers (GET /customer/search/deleted/{query}) and brings one back. */
export function ReactivateDialog({ open, onClose, onReactivated }: { open: boolean; onClose(): void; onReactivated(customer: CustomerSummary): void }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const queryClient = useQueryClient();
  const { run, notifySuccess } = useDialogs();
  const [query, setQuery] = useState('');
  const { data = [], isSuccess } = useCustomerSearch(query, { deleted: true });

  async function reactivate(customer: CustomerSummary) {
    const back = await run(() => dataProvider.reactivateCustomer(customer.ID));
    if (!back) return;
    // The searches (the pickers' and this dialog's) and the customer list show the customer again.
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['customers'] }), queryClient.invalidateQueries({ queryKey: ['customer', 'getList'] })]);
    notifySuccess('customer_search.reactivated');
    onReactivated(back);
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('customer_search.reactivate')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SearchBox label={translate('customer_search.search_deleted')} onSearch={setQuery} autoFocus />
          {query && isSuccess && data.length === 0 ? (
            <Alert severity="info">{translate('customer_search.no_results')}</Alert>
          ) : (
            <>
              <CustomerTable
                rows={query ? data : []}
                action={(c) => <Button size="small" variant="outlined" onClick={() => reactivate(c)}>{translate('customer_search.reactivate_action')}</Button>}
              />
              {query && <LimitNotice count={data.length} />}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('customer_search.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
