import { useQueryClient } from '@tanstack/react-query';
import type { CallInput, EndpointDefinition } from '../../../core/api/endpoint';
import { defaultTimeZone, formatDate, formatDateTime } from '../../../core/time';
import type { CustomerProfile } from '../../../dataProvider';
import { useDeclaredMutation, useDeclaredQuery } from '../../../src/kit/entity/useDeclared';

// The profile is react-admin's record of the customer resource (getOne); its tabs' lists are declared
// calls kept under the resource (useDeclaredQuery). Both start with the resource's name: a write to
// the customer refreshes them all at once.

/** One of the customer's lists (GET …/{id}: invoices, contracts …), read when its tab opens. */
export function useCustomerList<E extends EndpointDefinition>(id: number, endpoint: E) {
  return useDeclaredQuery('customer', endpoint, { params: { id } } as CallInput<E>);
}

/**
 * A declared write to the customer (its e-mail, note, photo, a suspension …): on success every open
 * view of the customer — the profile, its tabs, the searches — reads it again. Its failure is shown by
 * the caller (useDialogs' run).
 */
export function useCustomerWrite<E extends EndpointDefinition>(endpoint: E) {
  return useDeclaredMutation(endpoint, { invalidates: ['customer'], meta: { errorDialog: false } });
}

/** Reads the customer again: the record (react-admin's getOne), its open tab's list and the customer searches. */
export function useRefreshProfile() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['customer'] });
}

export { money } from '../../../src/kit/components/format';

export const zoneOf = (customer: Pick<CustomerProfile, 'facility' | 'facility_id'>) => customer.facility?.time_zone ?? defaultTimeZone(customer.facility_id);
export const dateOf = (seconds: number | null | undefined, zone: string) => (seconds ? formatDate(seconds, zone) : 'N/A');
export const dateTimeOf = (seconds: number | null | undefined, zone: string) => (seconds ? formatDateTime(seconds, zone) : 'N/A');
