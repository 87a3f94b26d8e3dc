import { BrowserRouter } from 'react-router-dom';
import { authProvider } from '../../authProvider';
import { AdminApp } from './AdminApp';
import { dataProvider } from './dataProvider';

/**
 * Browser routes, not hash routes: every path of the spec's route tables is a real URL.
 * Navigations are plain updates, not transitions: react-admin's redirect to /login re-renders while it
 * waits, which would keep interrupting a transition so that the redirect never lands.
 */
export function App() {
  return (
    <BrowserRouter useTransitions={false}>
      <AdminApp dataProvider={dataProvider} authProvider={authProvider} />
    </BrowserRouter>
  );
}
