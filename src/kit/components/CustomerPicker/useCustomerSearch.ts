import { useQuery } from '@tanstack/react-query';
import { session } from '../../../../dataProvider/session';
import { useTouchlineDataProvider, type CustomerSummary } from '../../../../dataProvider';

/**
 * The customers matching `query` (GET /customer/search/{query}, or the deleted ones), cached per query.
 * Non-admins send their own facility (spec 1 §6); admins the one selected in the drawer (none when
 * 'All facilities' is selected, so every facility). A blank query asks
 * nothing and answers [].
 */
export function useCustomerSearch(query: string, { deleted = false } = {}) {
  const dataProvider = useTouchlineDataProvider();
  const trimmed = query.trim();
  const facility_id = session.userType() === 'admin' ? session.facilityScope() : session.facilityId();
  return useQuery<CustomerSummary[]>({
    queryKey: ['customers', 'search', deleted, facility_id, trimmed],
    queryFn: () => dataProvider.searchCustomers(trimmed, { deleted, facility_id }),
    enabled: trimmed !== '',
    placeholderData: (previous) => previous,
  });
}
