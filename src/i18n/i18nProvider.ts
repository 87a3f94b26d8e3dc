import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { LOCALES, type Locale } from '../../core/constants';
import { en } from './en';

// English (the spec's wording) and Spanish. The chosen language is kept in localStorage so a reload,
// a logout or the next visit keeps it. English is in the entry bundle; the Spanish catalogue (with
// react-admin's own messages) is a chunk of its own, fetched when Spanish is chosen or stored.

export { LOCALES, type Locale };

const STORAGE_KEY = 'locale';

type Messages = typeof en;
let spanish: Messages | undefined;

function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l.locale === value);
}

export function storedLocale(): Locale {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLocale(stored) ? stored : 'en';
}

/** Fetches the catalogue of a locale once; main.tsx awaits the stored one before the first render. */
export async function loadLocale(locale: Locale): Promise<Messages> {
  if (locale !== 'es') return en;
  spanish ??= (await import('./es')).es as Messages;
  return spanish;
}

/**
 * The provider starts in initialLocale when its catalogue is at hand (always for English; for
 * Spanish once loadLocale('es') has resolved), in English otherwise: polyglot needs the first
 * catalogue synchronously.
 */
export function createI18nProvider(initialLocale: Locale = storedLocale()): I18nProvider {
  const startLocale = initialLocale === 'es' && !spanish ? 'en' : initialLocale;
  document.documentElement.lang = startLocale;
  const polyglot = polyglotI18nProvider(
    (locale) => (locale === 'es' ? (spanish ?? loadLocale('es')) : en),
    startLocale,
    [...LOCALES],
    { allowMissing: true },
  );
  return {
    ...polyglot,
    async changeLocale(locale, options) {
      await polyglot.changeLocale(locale, options);
      if (isLocale(locale)) localStorage.setItem(STORAGE_KEY, locale);
      document.documentElement.lang = locale;
    },
  };
}
