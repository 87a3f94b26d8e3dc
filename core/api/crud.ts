import type { z } from 'zod';
import type { Action } from '../roles';
import { listQuery, type ListQuery, type ListQueryOptions } from '../validation/listQuery';
import { facilityFilterId, idParam } from '../validation/wire';
import type { Endpoint, Method } from './endpoint';
import type { EntityDeclaration } from './entity';

// The five declarations of a plain entity — list, one, create, update, delete — derived from its paths,
// the MATRIX resource guarding them and its schemas, so that a new settings entity is one
// `crudEndpoints(...)` in its area (core/api/settings.ts) and one line of the server's list
// (server/routes/settings.ts). The server's crud helper (server/http/crud.ts) serves them; the
// dataProvider's generic methods call them as it calls any entity's (./entity.ts).

/** A record as a CRUD call answers it (ID and the table's columns; money in dollars). */
export type CrudRecord = { ID: number } & Record<string, unknown>;

type Declared<M extends Method, Parts, A> = Endpoint<
  { readonly method: M; readonly path: string; readonly root?: true; readonly permission: { resource: string; action: Action }; readonly summary: string; readonly answer: z.ZodType } & Parts,
  A
>;
type ById = { readonly params: typeof idParam };

/** The declarations of one entity, with what the server's crud helper needs to know of its list. */
export interface CrudEndpoints<Row = CrudRecord, Create extends z.ZodType = z.ZodType, Update extends z.ZodType = z.ZodType> extends EntityDeclaration {
  /** The facility column of a per-facility entity (non-admins read and write their own facility's only). */
  readonly facilityScoped?: string;
  /** The columns the list sorts by. */
  readonly sortable: readonly string[];
  readonly list: Declared<'GET', { readonly query: z.ZodType<ListQuery> }, Row[]>;
  readonly one: Declared<'GET', ById, Row>;
  readonly create: Declared<'POST', { readonly body: Create; readonly status: 201 }, Row>;
  readonly update: Declared<'PUT', ById & { readonly body: Update }, Row>;
  readonly delete: Declared<'DELETE', ById, Row>;
}

export interface CrudOptions<Row, Create extends z.ZodType, Update extends z.ZodType> {
  /** A record as every call answers it (the list answers an array of them). */
  answer: z.ZodType<Row>;
  /** Body of a create: a z.strictObject in wire form (money in dollars). */
  create: Create;
  /** Body of an update: every field optional (core/api/settings.ts updateOf). */
  update: Update;
  /**
   * The list's sorting, search (`q`) and exact filters (plain query parameters or the filter JSON: use
   * coercing schemas). A facility-scoped entity's facility column is a filter already (0 or an ID).
   */
  list: Omit<ListQueryOptions, 'filters'> & { filters?: Record<string, z.ZodType> };
  /** The facility column of a per-facility entity. */
  facilityScoped?: string;
  /** The list's facility filter that follows the admin's facility selector (./entity.ts). */
  facilityFilter?: string;
  /** How a 404 names a record; by default taken from the item path ('/field-type' → 'Field type'). */
  label?: string;
  /**
   * The spec's paths (spec 1 §7): GET list; POST item, and GET / PUT / DELETE item/{id}; under /api,
   * or at the root (`root`).
   */
  paths: { readonly list: string; readonly item: string; readonly root?: true };
  /** The MATRIX resource guarding the calls when it is not the entity's name. */
  rights?: string;
}

/** '/field-type' → 'Field type'. */
const labelOf = (path: string) => path.replace(/^\/+/, '').replace(/[-_/]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * Declares GET list, GET item/{id}, POST item, PUT item/{id} and DELETE item/{id} of `resource`, each
 * guarded by its MATRIX resource's list, show, create, edit and delete: `crudEndpoints<Tax>()('taxes', {…})`.
 */
export const crudEndpoints = <Row = CrudRecord>() =>
  <Create extends z.ZodType, Update extends z.ZodType>(resource: string, options: CrudOptions<Row, Create, Update>): CrudEndpoints<Row, Create, Update> => {
    const { list, item, root } = options.paths;
    const label = options.label ?? labelOf(item);
    const rights = options.rights ?? resource;
    const { answer } = options;
    const at = <M extends Method>(method: M, path: string, action: Action, summary: string) => ({
      method, path, ...(root && { root: true as const }), permission: { resource: rights, action }, summary: `${label}: ${summary}`, answer,
    });
    const facility = options.facilityScoped ? { [options.facilityScoped]: facilityFilterId() } : {};
    const query = listQuery({ ...options.list, filters: { ...facility, ...options.list.filters } });
    const byId = `${item}/{id}`;
    return {
      resource,
      label,
      ...(options.facilityScoped && { facilityScoped: options.facilityScoped }),
      ...(options.facilityFilter && { facilityFilter: options.facilityFilter }),
      sortable: options.list.sortable,
      list: { ...at('GET', list, 'list', 'the list (q, filters, sort and range; Content-Range tells the total)'), query,
        // The browser's build strips `answer` from the options (vite.config.ts): none to make an array of.
        answer: answer?.array() },
      one: { ...at('GET', byId, 'show', 'one record'), params: idParam },
      create: { ...at('POST', item, 'create', 'creates a record'), body: options.create, status: 201 },
      update: { ...at('PUT', byId, 'edit', 'changes the fields sent'), params: idParam, body: options.update },
      delete: { ...at('DELETE', byId, 'delete', 'deletes a record'), params: idParam },
    };
  };
