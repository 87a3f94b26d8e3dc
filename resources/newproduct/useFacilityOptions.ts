import { useGetList } from 'react-admin';
import { FACILITY } from '../../core/constants';

interface Facility {
  id: number;
  name: string;
  nickname: string;
}

/** The facilities a selector offers: not the technical ones (ID 997 and up, or no nickname; spec 1 §3). */
export function useFacilityOptions(): Facility[] {
  const { data = [] } = useGetList<Facility>('facilities', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'ID', order: 'ASC' } });
  return data.filter((f) => f.id < FACILITY.HIDDEN_FROM && f.nickname !== '');
}
