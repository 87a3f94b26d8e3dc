import { useQuery } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import { useTouchlineDataProvider } from '../../../../dataProvider';
import type { ProductTypeOption } from './EventDialog';
import { earlyKey, earlyOr, readFacility, readFields } from './early';

// What the calendar and the event page need to draw and edit a facility's events: the facility (its
// name and zone), its fields (ordered by number) and the product types. Failures show in the page,
// not in the global error dialog. The facility and its fields are the answers of the calls started at
// boot when there are some (./early.ts); their query keys start with the resource, so that react-admin's
// invalidation after an edit reaches them.

export interface CalendarFacility { id: number; name: string; time_zone: string }

export function useCalendarOptions(facilityId: number | undefined) {
  const dataProvider = useTouchlineDataProvider();
  const quiet = { meta: { errorDialog: false }, enabled: !!facilityId };
  const id = facilityId ?? 0;
  const { data: facility, error: facilityError } = useQuery({
    ...quiet,
    queryKey: ['facilities', 'calendar', id],
    queryFn: () => earlyOr(earlyKey.facility(id), () => readFacility(dataProvider, id)),
  });
  const { data: fields, error: fieldsError } = useQuery({
    ...quiet,
    queryKey: ['fields', 'calendar', id],
    queryFn: () => earlyOr(earlyKey.fields(id), () => readFields(dataProvider, id)),
  });
  const { data: productTypes = [] } = useGetList<ProductTypeOption & { id: number }>('product_types', {
    pagination: { page: 1, perPage: 200 }, sort: { field: 'ID', order: 'ASC' },
  }, { ...quiet, enabled: true });
  return { facility, fields, productTypes, error: (facilityError ?? fieldsError) as Error | null };
}
