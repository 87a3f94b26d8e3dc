import { Navigate } from 'react-router-dom';

/** '/' (home): the default route is the calendar for every role (spec 1 §2). */
export function HomeRedirect() {
  return <Navigate to="/calendar" replace />;
}
