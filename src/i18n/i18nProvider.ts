import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { LOCALES, type Locale } from '../../core/constants';
import { en } from './en';
import { es } from './es';

// English (the spec's wording) and Spanish. The chosen language is kept in localStorage so a reload,
// a logout or the next visit keeps it.

export { LOCALES, type Locale };

const STORAGE_KEY = 'locale';

function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l.locale === value);
}

export function storedLocale(): Locale {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLocale(stored) ? stored : 'en';
}

export function createI18nProvider(initialLocale: Locale = storedLocale()): I18nProvider {
  document.documentElement.lang = initialLocale;
  const polyglot = polyglotI18nProvider((locale) => (locale === 'es' ? es : en), initialLocale, [...LOCALES], {
    allowMissing: true,
  });
  return {
    ...polyglot,
    async changeLocale(locale, options) {
      await polyglot.changeLocale(locale, options);
      if (isLocale(locale)) localStorage.setItem(STORAGE_KEY, locale);
      document.documentElement.lang = locale;
    },
  };
}
