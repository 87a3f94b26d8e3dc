// The messages of the pages and resources, registered when their code loads. Each area keeps its own
// English and Spanish beside its code (e.g. resources/staff/messages.ts exporting `{ en, es }` with
// the same keys) and registers them there: `registerMessages({ en, es })` at the end of that file.
// Every file that translates an area's keys imports its messages (`import './messages'`), so an area's
// words arrive in the lazily loaded chunk of the screen that shows them, before that screen renders
// (tests/unit/messageImports.test.ts checks the imports). Areas are merged deeply, so several may add
// to `resources`.

export type MessageTree = { [key: string]: string | MessageTree };
export interface AreaMessages {
  en: MessageTree;
  es: MessageTree;
}

const registered: AreaMessages[] = [];

/** Adds an area's messages to the catalogue of every i18nProvider (they take it at their next translate). */
export function registerMessages(area: AreaMessages): void {
  if (!registered.includes(area)) registered.push(area);
}

/** How many areas have registered: a provider rebuilds its catalogue when this grows. */
export const registeredCount = (): number => registered.length;

export function deepMerge(base: MessageTree, extra: MessageTree): MessageTree {
  const out: MessageTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return out;
}

/** The catalogue of a language: `base` (the shell's) with every area registered so far. */
export const withAreas = (base: MessageTree, language: keyof AreaMessages): MessageTree =>
  registered.reduce<MessageTree>((all, area) => deepMerge(all, area[language]), base);
