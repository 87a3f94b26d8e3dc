import { useGetList } from 'react-admin';
import dayjs from 'dayjs';
import { formatDateTime } from '../../core/time';

// Small pieces the contract and pickup screens share.

export { money } from '../invoices/shared';

/** Mon–Sun order of the spec's days of the week (Sunday = 0). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

export const dateTime = (seconds: number | null | undefined, zone: string) => (seconds ? formatDateTime(seconds, zone) : 'N/A');

/** The fields of a facility, by number. */
export function useFacilityFields(facilityId: number | undefined) {
  const { data = [] } = useGetList<{ id: number; ID: number; name: string; facility_id: number }>('fields', {
    filter: { facility_id: facilityId }, pagination: { page: 1, perPage: 200 }, sort: { field: 'number', order: 'ASC' },
  }, { enabled: Boolean(facilityId), staleTime: 60_000 });
  return data;
}

/** `yyyy-mm-ddThh:mm` of a datetime-local input in `zone` ↔ unix seconds. */
export const toLocalInput = (seconds: number, zone: string) => formatDateTime(seconds, zone).replace(/^(\d+)\/(\d+)\/(\d+) /, (_, m, d, y) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T`);
export const fromLocalInput = (value: string, zone: string) => dayjs.tz(value.replace('T', ' '), zone).unix();
