import { Navigate } from 'react-router-dom';

/** '/' (home) and any refused page: the default route is the calendar for every role (spec 1 §2). */
export function HomeRedirect() {
  return <Navigate to="/calendar" replace />;
}

/** react-admin's access-denied page: the guard's rule is to send the person to '/'. */
export function AccessDeniedRedirect() {
  return <Navigate to="/" replace />;
}
