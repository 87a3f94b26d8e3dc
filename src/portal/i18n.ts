import { withAreas, type MessageTree } from '../kit/i18n/areas';
import './messages';

// The site's translation: the registered areas' catalogue of the chosen language (kept in
// localStorage; Spanish when the browser prefers it), with %{name} placeholders filled in.

export type Language = 'en' | 'es';
const KEY = 'touchline.portal.language';

export function initialLanguage(): Language {
  const kept = localStorage.getItem(KEY);
  if (kept === 'en' || kept === 'es') return kept;
  return navigator.language.toLowerCase().startsWith('es') ? 'es' : 'en';
}

export const keepLanguage = (language: Language) => localStorage.setItem(KEY, language);

export function translator(language: Language) {
  const catalogue = withAreas({}, language);
  return (key: string, vars: Record<string, string> = {}): string => {
    const found = key.split('.').reduce<MessageTree | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), catalogue);
    return typeof found === 'string' ? found.replace(/%\{(\w+)\}/g, (_, name: string) => vars[name] ?? '') : key;
  };
}

export type Translate = ReturnType<typeof translator>;
