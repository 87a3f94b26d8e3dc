// The API names its key `ID` (spec 1 §3); react-admin needs `id`. Nothing else is renamed.

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Adds `id` = `ID` to a record, or to each record of a list; anything else passes through. */
export function withIds<T>(json: T): T {
  const add = (value: unknown) => (isRecord(value) && 'ID' in value ? { ...value, id: value.ID } : value);
  return (Array.isArray(json) ? json.map(add) : add(json)) as T;
}

/**
 * What an edit sends: the fields whose value changed from the record as loaded, without the `id` the
 * browser added, so that read-only fields (ID, CreatedAt …) never reach the API's strict schemas.
 * Without the loaded record, every field but `id` is sent.
 */
export function changedFields(data: Json, previous?: Json): Json {
  return Object.fromEntries(
    Object.entries(data).filter(([key, value]) => key !== 'id' && (!previous || JSON.stringify(value) !== JSON.stringify(previous[key]))),
  );
}

/**
 * The getOne meta of a show view (invoice, contract, customer profile): react-admin puts each row a
 * list answered into getOne's cache under the list's meta, and a list's row is a summary, not the
 * record a detail page reads; under this meta the page's cache entry is always the full record.
 */
export const DETAIL_META = { detail: true } as const;
