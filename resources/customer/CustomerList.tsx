import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/PersonAdd';
import RestoreIcon from '@mui/icons-material/Restore';
import { lazy, Suspense, useState } from 'react';
import { ListBase, Title, useListContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { SEARCH_LIMIT } from '../../core/constants';
import type { CustomerSummary } from '../../dataProvider';
import { session } from '../../dataProvider/session';
import { FacilityScope } from '../../src/kit/components/FacilityScope';
import type { ParticipantResult } from '../../src/kit/components/ParticipantWizard';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { CustomerTable } from './search/CustomerTable';
import { LimitNotice } from './search/LimitNotice';
import { SearchBox } from './search/SearchBox';
import '../../src/kit/components/ParticipantWizard/messages';
import './search/messages';

// The dialogs load when opened: the wizard brings the validation schemas (zod), which the search itself
// does not need, and /customer is a first page after sign-in (bench/firstLoad.ts budgets it).
const ParticipantWizard = lazy(() => import('../../src/kit/components/ParticipantWizard/ParticipantWizard').then((m) => ({ default: m.ParticipantWizard })));
const ReactivateDialog = lazy(() => import('./search/ReactivateDialog').then((m) => ({ default: m.ReactivateDialog })));

/**
 * /customer (spec 1 §2): the customer resource's list, on react-admin's ListBase (<List>'s controller
 * without its toolbar, pagination and empty page, none of which the search shows; measured with
 * `npm run bench -- --only first-load`, <List> made this first page after sign-in 312 kB gzip,
 * ListBase 265 kB). The search box (Enter, or 300 ms after typing stops) sets the list's `q` filter, which the dataProvider's getList sends as GET /customer/search/{q};
 * New customer (the add-participant wizard), Reactivate Customer, and the results linking to each
 * profile. The filter is kept in the URL and react-admin's store, so that going back to the page shows
 * the same results. The server answers at most SEARCH_LIMIT matches: one page, no paging.
 */
export default function CustomerList() {
  const translate = useTranslate();
  // Non-admins search their own facility (spec 1 §6); admins the one selected in the drawer (the
  // dataProvider adds it), or every facility under 'All facilities'.
  const own = session.userType() === 'admin' ? undefined : { facility_id: session.facilityId() };
  return (
    <ListBase resource="customer" filter={own} perPage={SEARCH_LIMIT} exporter={false}>
      <Title title={translate('page.customers')} />
      <Box>
        <SearchBar />
        <Results />
      </Box>
    </ListBase>
  );
}

function SearchBar() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { notifySuccess } = useDialogs();
  const { filterValues, setFilters } = useListContext<CustomerSummary & { id: number }>();
  const query = String(filterValues.q ?? '');
  const [dialog, setDialog] = useState<'new' | 'reactivate' | null>(null);

  const search = (q: string) => {
    if (q !== query) setFilters(q ? { q } : {});
  };
  const created = ({ customer, created: isNew }: ParticipantResult) => {
    if (isNew) notifySuccess('customer_messages.created');
    navigate(`/customer/${customer.ID}`);
  };

  return (
    <>
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
      <Suspense fallback={null}>
        {dialog === 'new' && <ParticipantWizard open onClose={() => setDialog(null)} onDone={created} title="customer_search.new" />}
        {dialog === 'reactivate' && (
          <ReactivateDialog open onClose={() => setDialog(null)} onReactivated={(c) => navigate(`/customer/${c.ID}`)} />
        )}
      </Suspense>
    </>
  );
}

/** The matches of the search (none before a word is typed), or why there are none. */
function Results() {
  const translate = useTranslate();
  const { data = [], filterValues, isPending, error } = useListContext<CustomerSummary & { id: number }>();
  const searching = Boolean(filterValues.q);
  if (searching && !isPending && !error && data.length === 0) return <Alert severity="info">{translate('customer_search.no_results')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <CustomerTable rows={searching ? data : []} />
      {searching && <LimitNotice count={data.length} />}
    </Paper>
  );
}
