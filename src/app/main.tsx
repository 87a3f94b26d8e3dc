import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { session } from '../../dataProvider/session';
import { App } from './App';
import { dataProvider } from './dataProvider';
import { loadLocale, storedLocale } from '../kit/i18n/i18nProvider';
import { preloadLayout } from '../kit/layout/LazyLayout';
import { calendarPage, eventPage, eventPageId } from './pages/calendar';
import { preloadLogin } from './pages/login';
import { publicRoutes } from './registry';

// A signed-in visit fetches the layout's chunk while the locale loads and the session is checked;
// /calendar and /calendar/event/{id} also their page's chunk and first calls (src/app/pages/calendar/early.ts), which would
// otherwise each wait for the one before.
const path = window.location.pathname;
const publicPage = publicRoutes.some((r) => path.startsWith(r.path));
if (session.token() && path !== '/login' && !publicPage) {
  void preloadLayout().catch(() => undefined);
  if (path === '/calendar') {
    void calendarPage.preload().catch(() => undefined);
    void import('./pages/calendar/early').then((early) => early.startCalendarCalls(window.location.search, dataProvider), () => undefined);
  }
  const eventId = eventPageId(path);
  if (eventId) {
    void eventPage.preload().catch(() => undefined);
    void import('./pages/calendar/early').then((early) => early.startEventCalls(eventId, dataProvider), () => undefined);
  }
} else if (!publicPage) {
  // /login, or a page a visit without a session is sent from to /login: the form's chunk comes with the locale.
  void preloadLogin().catch(() => undefined);
}

// The stored language's catalogue first (a chunk of its own unless English), so the first paint is in it.
void loadLocale(storedLocale()).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
