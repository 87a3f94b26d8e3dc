import type { Identifier } from 'react-admin';

// The addresses of an entity's views (spec 1 §2: a record's page is /{name}/{id}): react-admin's own
// show route (/{name}/{id}/show) and edit route (/{name}/{id}) are taken over by routes of the registry
// (src/app/AdminApp.tsx), so that /{name}/{id} shows the record and /{name}/{id}/edit edits it. Links
// and redirects in the views use these rather than react-admin's createPath.

/** The record's page: its show view. */
export const showPath = (resource: string, id: Identifier) => `/${resource}/${encodeURIComponent(String(id))}`;

/** The record's edit view. */
export const editPath = (resource: string, id: Identifier) => `${showPath(resource, id)}/edit`;

/** A new record's form. */
export const createPath = (resource: string) => `/${resource}/create`;

/** react-admin's `redirect` after a save: the saved record's page. */
export const toShow = (resource: string, id?: Identifier) => (id === undefined ? `/${resource}` : showPath(resource, id).slice(1));
