import { useGetList } from 'react-admin';
import { selectableFacilities, type FacilityOption } from '../layout/FacilitySelector';

/** The facilities a selector offers (spec 1 §3: ids of 997 or above and empty nicknames hidden), by ID; `enabled` false skips the call. */
export function useFacilityChoices(enabled = true): FacilityOption[] {
  const { data = [] } = useGetList<FacilityOption>(
    'facilities',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'ID', order: 'ASC' } },
    { enabled, staleTime: 5 * 60_000 },
  );
  return selectableFacilities(data);
}
