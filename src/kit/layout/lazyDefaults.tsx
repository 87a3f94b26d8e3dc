import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

type Defaults = typeof import('./raDefaults');

/**
 * One of react-admin's default screens, fetched when it is shown. <Admin> imports them all (and its
 * default login form with react-hook-form) into the entry bundle; AdminApp composes AdminContext and
 * CoreAdminUI itself and passes these instead.
 */
function lazyDefault<P extends object>(pick: (defaults: Defaults) => ComponentType<P>): (props: P) => ReactNode {
  const Screen = lazy(async () => ({ default: pick(await import('./raDefaults')) }));
  return function LazyDefault(props: P) {
    return (
      <Suspense fallback={null}>
        <Screen {...props} />
      </Suspense>
    );
  };
}

// Its props are all optional; CoreAdminUI types its title wider than NotFound does.
export const NotFound = lazyDefault((d) => d.NotFound as ComponentType);
export const ErrorScreen = lazyDefault((d) => d.Error);
export const AuthCallback = lazyDefault((d) => d.AuthCallback);
export const AuthenticationError = lazyDefault((d) => d.AuthenticationError);
