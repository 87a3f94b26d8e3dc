import { Suspense, type ReactNode } from 'react';
import { LoadingScreen } from './LoadingScreen';
import { preloadable } from './preloadable';

// The chrome (menu, facility selector, language switch …) is fetched after sign-in, not with /login:
// the entry bundle only carries what a first visit needs (bench/firstLoad.ts budgets it). A signed-in
// visit starts fetching it at boot (src/app/main.tsx), while the session is checked.
const layout = preloadable(async () => ({ default: (await import('./Layout')).Layout }));
export const preloadLayout = layout.preload;

export function LazyLayout({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <layout.Component>{children}</layout.Component>
    </Suspense>
  );
}
