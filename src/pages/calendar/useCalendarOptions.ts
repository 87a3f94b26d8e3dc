import { useGetList, useGetOne } from 'react-admin';
import type { ProductTypeOption } from './EventDialog';
import type { CalendarField } from './FieldCalendar';

// What the calendar and the event page need to draw and edit a facility's events: the facility (its
// name and zone), its fields (ordered by number) and the product types. Failures show in the page,
// not in the global error dialog.

export interface CalendarFacility { id: number; name: string; time_zone: string }

export function useCalendarOptions(facilityId: number | undefined) {
  const quiet = { meta: { errorDialog: false }, enabled: !!facilityId };
  const { data: facility, error: facilityError } = useGetOne<CalendarFacility>('facilities', { id: facilityId ?? 0 }, quiet);
  const { data: fields, error: fieldsError } = useGetList<CalendarField & { id: number }>('fields', {
    filter: { facility_id: facilityId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'number', order: 'ASC' },
  }, quiet);
  const { data: productTypes = [] } = useGetList<ProductTypeOption & { id: number }>('product_types', {
    pagination: { page: 1, perPage: 200 }, sort: { field: 'ID', order: 'ASC' },
  }, { ...quiet, enabled: true });
  return { facility, fields, productTypes, error: (facilityError ?? fieldsError) as Error | null };
}
