import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadLocale, storedLocale } from './i18n/i18nProvider';

// The stored language's catalogue first (a chunk of its own unless English), so the first paint is in it.
void loadLocale(storedLocale()).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
