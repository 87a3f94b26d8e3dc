import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingScreen } from './LoadingScreen';

// The chrome (menu, facility selector, language switch …) is fetched after sign-in, not with /login:
// the entry bundle only carries what a first visit needs (bench/firstLoad.ts budgets it).
const Layout = lazy(async () => ({ default: (await import('./Layout')).Layout }));

export function LazyLayout({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Layout>{children}</Layout>
    </Suspense>
  );
}
