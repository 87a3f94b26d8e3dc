import { FACILITIES } from './app';
import { json } from './fetch';

// What the calendar's pages read before their own calls: Brooklyn (New York), its fields and a
// product type shown on the calendar.

/** A react-admin list answer. */
export const list = (name: string, rows: unknown[]) => json(200, rows, { 'Content-Range': `${name} 0-${rows.length - 1}/${rows.length}` });

export const calendarSetupRoutes = (fields: unknown[]) => ({
  'GET /api/facility': () => list('facilities', FACILITIES),
  'GET /api/facility/1': () => json(200, { ...FACILITIES[0], time_zone: 'America/New_York' }),
  'GET /api/facility/fields': () => list('fields', fields),
  'GET /api/product/types': () => list('product_types', [{ ID: 2, name: 'Adult Block-Booking', color: '#1976d2', showInCalendar: true }]),
});
