import { Alert, Button, DialogActions, DialogContent, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useCustomerSearch } from '../../../src/kit/components/CustomerPicker/useCustomerSearch';
import { reactivateCustomer } from '../../../core/api/customers';
import type { CustomerSummary } from '../../../dataProvider';
import { useDeclaredMutation } from '../../../src/kit/entity/useDeclared';
import { useDialogs } from '../../../src/kit/layout/dialogs';
import { KitDialog } from '../../../src/kit/layout/KitDialog';
import { CustomerTable } from './CustomerTable';
import { LimitNotice } from './LimitNotice';
import { SearchBox } from './SearchBox';
import './messages';

/** Reactivate Customer: searches deleted customers (GET /customer/search/deleted/{query}) and brings one back. */
export function ReactivateDialog({ open, onClose, onReactivated }: { open: boolean; onClose(): void; onReactivated(customer: CustomerSummary): void }) {
  const translate = useTranslate();
  // The searches (the pickers' and this dialog's) and the customer list show the customer again.
  const reactivateOne = useDeclaredMutation(reactivateCustomer, { invalidates: ['customers', 'customer'], meta: { errorDialog: false } });
  const { run, notifySuccess } = useDialogs();
  const [query, setQuery] = useState('');
  const { data = [], isSuccess } = useCustomerSearch(query, { deleted: true });

  async function reactivate(customer: CustomerSummary) {
    const back = await run(() => reactivateOne.mutateAsync({ params: { id: customer.ID } }));
    if (!back) return;
    notifySuccess('customer_search.reactivated');
    onReactivated(back);
  }

  return (
    <KitDialog open={open} onClose={onClose} maxWidth="md" title={translate('customer_search.reactivate')}>
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
    </KitDialog>
  );
}
