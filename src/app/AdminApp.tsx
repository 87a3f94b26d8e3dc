import { Suspense, useState } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { CssBaseline } from '@mui/material';
import {
  AdminContext, CoreAdminUI, CustomRoutes, localStorageStore, Resource, ResourceContextProvider, type AuthProvider, type DataProvider, type I18nProvider, type Store,
} from 'react-admin';
import { createI18nProvider } from '../kit/i18n/i18nProvider';
import { LazyLayout } from '../kit/layout/LazyLayout';
import { AuthCallback, AuthenticationError, ErrorScreen, NotFound } from '../kit/layout/lazyDefaults';
import { LoadingScreen } from '../kit/layout/LoadingScreen';
import { createDialogStore, createQueryClient, DialogStoreProvider, GlobalDialogs } from '../kit/layout/dialogs';
import { HomeRedirect } from './pages/HomeRedirect';
import { AccessDenied } from '../kit/layout/AccessDenied';
import { LoginPage } from './pages/login';
import { RequirePage } from '../kit/layout/RequirePage';
import { entityRoutes, navigation, pageRoutes, publicRoutes, resources } from './registry';
import { NavigationProvider } from '../kit/layout/navigation';
import { theme } from '../kit/theme';

export interface AdminAppProps {
  dataProvider: DataProvider;
  authProvider: AuthProvider;
  i18nProvider?: I18nProvider;
  /** react-admin's store (list preferences …); localStorage by default, a memoryStore in tests. */
  store?: Store;
}

/**
 * The react-admin application, inside whatever router its caller provides (the browser's in App,
 * a memory router in tests). Routes:
 * - /login (loginPage), /signup, /forgot: no chrome, no session check;
 * - every other path: the session check (loading screen meanwhile; a 401 goes to /login), then the
 *   layout with the page behind its route guard (a role it is not for reads "You don't have access to
 *   this page" there, with a way back); '/' goes to /calendar.
 */
// What <Admin> is, composed here so that its default screens stay out of the entry bundle
// (src/kit/layout/lazyDefaults.tsx): AdminContext, then CoreAdminUI and the notification in CssBaseline.
const defaultStore = localStorageStore();

export function AdminApp({ dataProvider, authProvider, i18nProvider, store }: AdminAppProps) {
  const [dialogs] = useState(createDialogStore);
  const [queryClient] = useState(() => createQueryClient(dialogs));
  const [i18n] = useState(() => i18nProvider ?? createI18nProvider());

  return (
    <NavigationProvider value={navigation}>
    <DialogStoreProvider value={dialogs}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18n}
        queryClient={queryClient}
        store={store ?? defaultStore}
        theme={theme}
      >
        <CssBaseline enableColorScheme>
      <CoreAdminUI
        title="Touchline"
        layout={LazyLayout}
        loginPage={LoginPage}
        loading={LoadingScreen}
        catchAll={NotFound}
        error={ErrorScreen}
        authCallbackPage={AuthCallback}
        authenticationError={AuthenticationError}
        dashboard={HomeRedirect}
        accessDenied={AccessDenied}
        requireAuth
        disableTelemetry
      >
        {resources.map(({ routes, ...props }) => (
          // The record's page and edit view at the spec's addresses (src/app/registry.ts); an address
          // under a resource that none of its views answers (/taxes, whose list is a tab of /resources;
          // /products/5/x) is not found, rather than an empty page.
          <Resource key={props.name} {...props}>
            {routes.map(({ path, View, redirect }) => (
              <Route key={path} index={path === '' || undefined} path={path || undefined} element={redirect ? <Navigate to={redirect} replace /> : View && <View />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Resource>
        ))}
        <CustomRoutes noLayout>
          {publicRoutes.map(({ path, component: Page }) => (
            <Route key={path} path={path} element={<Suspense fallback={<LoadingScreen />}><Page /></Suspense>} />
          ))}
        </CustomRoutes>
        <CustomRoutes>
          {entityRoutes.map(({ resource, path, View }) => (
            <Route key={path} path={path} element={<ResourceContextProvider value={resource}><View /></ResourceContextProvider>} />
          ))}
          {pageRoutes.map(({ path, access, component: Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <RequirePage access={access}>
                  <Page />
                </RequirePage>
              }
            />
          ))}
        </CustomRoutes>
      </CoreAdminUI>
          <GlobalDialogs />
        </CssBaseline>
      </AdminContext>
    </DialogStoreProvider>
    </NavigationProvider>
  );
}
