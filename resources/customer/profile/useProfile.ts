import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defaultTimeZone, formatDate, formatDateTime } from '../../../core/time';
import type { CustomerProfile } from '../../../dataProvider';

// The profile is react-admin's record of the customer resource (getOne); its tabs' lists are queries
// under ['customer', id]. Both start with the resource's name: a dialog that changes the customer
// refreshes them all at once.

const profileKey = (id: number) => ['customer', id] as const;

/** One of the customer's lists (invoices, contracts …), fetched when its tab opens. */
export function useCustomerList<T>(id: number, name: string, fetch: (id: number) => Promise<T[]>) {
  return useQuery({ queryKey: [...profileKey(id), name], queryFn: () => fetch(id) });
}

/** Reads the customer again: the record (react-admin's getOne), its open tab's list and the customer searches. */
export function useRefreshProfile() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['customer'] });
}

export { money } from '../../../src/components/format';

export const zoneOf = (customer: Pick<CustomerProfile, 'facility' | 'facility_id'>) => customer.facility?.time_zone ?? defaultTimeZone(customer.facility_id);
export const dateOf = (seconds: number | null | undefined, zone: string) => (seconds ? formatDate(seconds, zone) : 'N/A');
export const dateTimeOf = (seconds: number | null | undefined, zone: string) => (seconds ? formatDateTime(seconds, zone) : 'N/A');
