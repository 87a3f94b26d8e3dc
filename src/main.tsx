import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { session } from '../dataProvider/session';
import { App } from './App';
import { loadLocale, storedLocale } from './i18n/i18nProvider';
import { preloadLayout } from './layout/LazyLayout';
import { calendarPage, eventPage, eventPageId } from './pages/calendar';
import { publicRoutes } from './registry';

// A signed-in visit fetches the layout's chunk while the locale loads and the session is checked;
// /calendar and /calendar/event/{id} also their page's chunk and first calls (src/pages/calendar/early.ts), which would
// otherwise each wait for the one before.
const path = window.location.pathname;
if (session.token() && path !== '/login' && !publicRoutes.some((r) => path.startsWith(r.path))) {
  void preloadLayout().catch(() => undefined);
  if (path === '/calendar') {
    void calendarPage.preload().catch(() => undefined);
    void import('./pages/calendar/early').then((early) => early.startCalendarCalls(window.location.search), () => undefined);
  }
  const eventId = eventPageId(path);
  if (eventId) {
    void eventPage.preload().catch(() => undefined);
    void import('./pages/calendar/early').then((early) => early.startEventCalls(eventId), () => undefined);
  }
}

// The stored language's catalogue first (a chunk of its own unless English), so the first paint is in it.
void loadLocale(storedLocale()).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
