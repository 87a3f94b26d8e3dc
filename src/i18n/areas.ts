// Messages of the pages and resources built after the shell. Each area keeps its own English and
// Spanish beside its code (e.g. src/pages/staff/messages.ts exporting `{ en, es }` with the same
// keys) and gets one line in AREAS; they are merged deeply, so several areas may add to `resources`.

export type MessageTree = { [key: string]: string | MessageTree };
export interface AreaMessages {
  en: MessageTree;
  es: MessageTree;
}

export const AREAS: AreaMessages[] = [];

export function deepMerge(base: MessageTree, extra: MessageTree): MessageTree {
  const out: MessageTree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return out;
}

export const areaMessages = (language: keyof AreaMessages): MessageTree =>
  AREAS.reduce<MessageTree>((all, area) => deepMerge(all, area[language]), {});
