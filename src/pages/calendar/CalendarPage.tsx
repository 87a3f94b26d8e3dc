import { usePermissions } from 'react-admin';
import type { Role } from '../../../core/constants';
import { PageShell } from '../../components/PageShell';
import { RefereeCalendar } from './RefereeCalendar';

/** /calendar: referees get the store buttons; everyone else the calendar (built by the bookings capability). */
export default function CalendarPage() {
  const { permissions } = usePermissions<Role>();
  return permissions === 'referee' ? <RefereeCalendar /> : <PageShell title="page.calendar" />;
}
