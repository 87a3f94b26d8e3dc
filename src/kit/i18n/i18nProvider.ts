import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { LOCALES, type Locale } from '../../../core/constants';
import { setDayFirst } from '../../../core/dateOrder';
import { registeredCount, withAreas, type MessageTree } from './areas';
import { en } from './en';

// English (the spec's wording) and Spanish. The chosen language is kept in localStorage so a reload,
// a logout or the next visit keeps it. The shell's English is in the entry bundle; its Spanish (with
// react-admin's own messages) is a chunk of its own, fetched when Spanish is chosen or stored. The
// pages' and resources' messages come with their code (./areas.ts) and join the catalogue as they load.

export { LOCALES, type Locale };

const STORAGE_KEY = 'locale';

type Messages = typeof en;
let spanish: Messages | undefined;
let spanishReasons: typeof import('./declaredSpanish') | undefined;

function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l.locale === value);
}

export function storedLocale(): Locale {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLocale(stored) ? stored : 'en';
}

/** Fetches the shell catalogue of a locale once; main.tsx awaits the stored one before the first render. */
export async function loadLocale(locale: Locale): Promise<Messages> {
  if (locale !== 'es') return en;
  spanish ??= (await import('./es')).es as Messages;
  spanishReasons ??= await import('./declaredSpanish');
  return spanish;
}

/** A polyglot provider over the shell catalogue of `locale` and the areas registered so far. */
function polyglotFor(locale: Locale, shell: Messages) {
  return polyglotI18nProvider(() => withAreas(shell as MessageTree, locale) as TranslationMessages, locale, [...LOCALES], { allowMissing: true });
}

/**
 * The provider starts in initialLocale when its catalogue is at hand (always for English; for
 * Spanish once loadLocale('es') has resolved), in English otherwise: polyglot needs the first
 * catalogue synchronously. When an area registers its messages (its code has loaded), the next
 * translation rebuilds the catalogue with them, so a screen never shows its raw keys.
 */
export function createI18nProvider(initialLocale: Locale = storedLocale()): I18nProvider {
  let locale: Locale = initialLocale === 'es' && !spanish ? 'en' : initialLocale;
  let shell = locale === 'es' ? spanish! : en;
  let polyglot = polyglotFor(locale, shell);
  let areas = registeredCount();
  // English texts of the catalogue → their Spanish, for the declarations' and the server's messages
  // (./declaredSpanish.ts); made on the first message without a key, again when areas have joined.
  let twinsOf: { areas: number; map: Map<string, string> } | null = null;
  const known = () => {
    if (twinsOf?.areas !== registeredCount()) {
      twinsOf = { areas: registeredCount(), map: spanishReasons!.twins(withAreas(en as MessageTree, 'en'), withAreas(shell as MessageTree, 'es')) };
    }
    return twinsOf.map;
  };
  document.documentElement.lang = locale;
  setDayFirst(locale === 'es');
  return {
    translate(key, options) {
      if (areas !== registeredCount()) {
        areas = registeredCount();
        polyglot = polyglotFor(locale, shell);
      }
      const text = polyglot.translate(key, options);
      // Not a key of the catalogue: a message in the API's English, said in Spanish where it can be.
      if (locale !== 'es' || !spanishReasons || text !== (options?._ ?? key)) return text;
      return spanishReasons.spanishOf(text, known()) ?? text;
    },
    async changeLocale(next) {
      if (!isLocale(next)) throw new Error(`Unknown language ${next}`);
      shell = await loadLocale(next);
      locale = next;
      areas = registeredCount();
      polyglot = polyglotFor(locale, shell);
      localStorage.setItem(STORAGE_KEY, locale);
      document.documentElement.lang = locale;
      setDayFirst(locale === 'es');
    },
    getLocale: () => locale,
    getLocales: () => [...LOCALES],
  };
}
