// ra-core's react-router adapter (ra-core/dist/routing/adapters/reactRouterProvider.js), for the
// built app only (vite.config.ts). The original wraps react-admin in a hash router of its own when it
// is not inside a router already; that hash router is react-router's data router, about 12 kB gzip of
// the entry bundle that never runs here: App always renders <BrowserRouter> (tests a MemoryRouter).
// Everything else is react-router's, as in the original.
import { useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import {
  Link, matchPath, Navigate, Outlet, Route, Routes, UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useBlocker,
  useInRouterContext, useLocation, useMatch, useNavigate as useReactRouterNavigate, useParams,
} from 'react-router-dom';
import type { RouterProvider } from 'react-admin';

/** Blocking a navigation needs a data router (never here, as in the original's BrowserRouter case). */
const useCanBlock = () => !!(useContext(UNSAFE_DataRouterContext) && useContext(UNSAFE_DataRouterStateContext));

/** react-router's navigate as a stable function, so callers do not re-render on every navigation. */
function useNavigate() {
  const navigate = useReactRouterNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback((...args: unknown[]) => (latest.current as (...to: unknown[]) => unknown)(...args), []);
}

function RouterWrapper({ children }: { basename?: string; children: ReactNode }) {
  if (!useInRouterContext()) throw new Error('Touchline renders react-admin inside a router (src/app/App.tsx)');
  return children;
}

// Typed as ra-core declares its own (react-router's hooks are wider than RouterProvider's signatures).
export const reactRouterProvider = {
  useNavigate, useLocation, useParams, useBlocker, useMatch, useInRouterContext, useCanBlock,
  Link, Navigate, Route, Routes, Outlet,
  RouterWrapper,
  matchPath,
} as unknown as RouterProvider;
