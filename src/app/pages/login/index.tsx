import { Suspense } from 'react';
import { LoadingScreen } from '../../../kit/layout/LoadingScreen';
import { preloadable } from '../../../kit/layout/preloadable';

// /login is react-admin's login page (<Admin loginPage>), outside the layout and the session check.
// Its form (MUI's radio group, the card) is fetched apart from the entry bundle, which every first
// visit loads, signed in or not (bench/firstLoad.ts budgets it); a visit without a session starts
// fetching it at boot (src/app/main.tsx).
const login = preloadable(async () => ({ default: (await import('./LoginPage')).LoginPage }));
export const preloadLogin = login.preload;

export function LoginPage() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <login.Component />
    </Suspense>
  );
}
