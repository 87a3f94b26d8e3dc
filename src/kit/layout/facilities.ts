import { useGetList } from 'react-admin';
import { FACILITY } from '../../../core/constants';

// The facilities every selector and scope label reads: one query, cached for five minutes and shared by
// every screen. A failure leaves the list empty without an error dialog (a selector then offers nothing).

export interface FacilityOption {
  id: number;
  ID: number;
  name: string;
  nickname?: string | null;
  time_zone?: string;
}

/** Facilities offered by selectors (spec 1 §3): ids of 997 or above and empty nicknames are hidden. */
export function selectableFacilities<T extends { ID: number; nickname?: string | null }>(facilities: readonly T[]): T[] {
  return facilities.filter((f) => f.ID < FACILITY.HIDDEN_FROM && !!f.nickname?.trim());
}

/**
 * The facilities by ID: those a selector offers, or with `all` every one (to name a hidden facility,
 * or for admins' settings that may pick any). `enabled` false skips the call.
 */
export function useFacilityChoices({ enabled = true, all = false }: { enabled?: boolean; all?: boolean } = {}): FacilityOption[] {
  const { data = [] } = useGetList<FacilityOption>(
    'facilities',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'ID', order: 'ASC' } },
    { enabled, staleTime: 5 * 60_000, meta: { errorDialog: false } },
  );
  return all ? data : selectableFacilities(data);
}

/** The fields of a facility, by number. */
export function useFacilityFields(facilityId: number | undefined) {
  const { data = [] } = useGetList<{ id: number; ID: number; name: string; facility_id: number }>('fields', {
    filter: { facility_id: facilityId }, pagination: { page: 1, perPage: 200 }, sort: { field: 'number', order: 'ASC' },
  }, { enabled: Boolean(facilityId), staleTime: 60_000 });
  return data;
}
