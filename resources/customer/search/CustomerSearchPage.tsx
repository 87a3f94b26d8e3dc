import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/PersonAdd';
import RestoreIcon from '@mui/icons-material/Restore';
import { lazy, Suspense, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCustomerSearch } from '../../../src/components/CustomerPicker/useCustomerSearch';
import { FacilityScope } from '../../../src/components/FacilityScope';
import type { ParticipantResult } from '../../../src/components/ParticipantWizard';
import { useDialogs } from '../../../src/layout/dialogs';
import { CustomerTable } from './CustomerTable';
import { LimitNotice } from './LimitNotice';
import { SearchBox } from './SearchBox';
import '../../../src/components/ParticipantWizard/messages';
import './messages';

// The dialogs load when opened: the wizard brings the validation schemas (zod), which the search itself
// does not need, and /customer is a first page after sign-in (bench/firstLoad.ts budgets it).
const ParticipantWizard = lazy(() => import('../../../src/components/ParticipantWizard/ParticipantWizard').then((m) => ({ default: m.ParticipantWizard })));
const ReactivateDialog = lazy(() => import('./ReactivateDialog').then((m) => ({ default: m.ReactivateDialog })));

/**
 * /customer (spec 1 §2): the search box (Enter, or 300 ms after typing stops), New customer (the
 * add-participant wizard), Reactivate Customer, and the results linking to each profile. The query is
 * kept in ?q= so that going back to the page shows the same results.
 */
export default function CustomerSearchPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { notifySuccess } = useDialogs();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [dialog, setDialog] = useState<'new' | 'reactivate' | null>(null);
  const { data = [], isSuccess } = useCustomerSearch(query);

  const search = (q: string) => {
    if (q !== query) setParams(q ? { q } : {}, { replace: true });
  };
  const created = ({ customer, created: isNew }: ParticipantResult) => {
    if (isNew) notifySuccess('customer_messages.created');
    navigate(`/customer/${customer.ID}`);
  };

  return (
    <Box>
      <Title title={translate('page.customers')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }} alignItems={{ sm: 'center' }}>
        <SearchBox label={translate('customer_search.search')} initial={query} onSearch={search} autoFocus />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('new')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {translate('customer_search.new')}
        </Button>
        <Button variant="outlined" startIcon={<RestoreIcon />} onClick={() => setDialog('reactivate')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {translate('customer_search.reactivate')}
        </Button>
        <FacilityScope />
      </Stack>
      {query && isSuccess && data.length === 0 ? (
        <Alert severity="info">{translate('customer_search.no_results')}</Alert>
      ) : (
        <Paper sx={{ overflowX: 'auto' }}>
          <CustomerTable rows={query ? data : []} />
          {query && <LimitNotice count={data.length} />}
        </Paper>
      )}
      <Suspense fallback={null}>
        {dialog === 'new' && <ParticipantWizard open onClose={() => setDialog(null)} onDone={created} title="customer_search.new" />}
        {dialog === 'reactivate' && (
          <ReactivateDialog open onClose={() => setDialog(null)} onReactivated={(c) => navigate(`/customer/${c.ID}`)} />
        )}
      </Suspense>
    </Box>
  );
}
