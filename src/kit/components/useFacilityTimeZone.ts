import { useGetOne } from 'react-admin';
import { defaultTimeZone } from '../../../core/time';

/** The time zone of a facility: its own, or the spec's table while it loads (or for none given). */
export function useFacilityTimeZone(facilityId: number | undefined): string {
  const { data } = useGetOne<{ id: number; time_zone?: string }>('facilities', { id: facilityId ?? 0 }, { enabled: !!facilityId, meta: { errorDialog: false } });
  return data?.time_zone ?? defaultTimeZone(facilityId ?? 0);
}
