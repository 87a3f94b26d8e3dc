import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type GetListParams, type Identifier, type RaRecord } from 'react-admin';
import { fullPath, pathParams, type EndpointDefinition } from '../core/api/endpoint';
import { ENTITY_VERBS, type EntityDeclaration } from '../core/api/entity';
import { createRequest } from './call';
import { withFacilityScope } from './facilityScope';
import type { HttpClient } from './httpClient';
import { changedFields, withIds } from './records';

// react-admin's verbs over each resource's entity declaration (core/api/entity.ts): the list through
// ra-data-simple-rest at the declared list path (sort, range and filter; Content-Range tells the
// total) or in the list style the entity declares, the record through its declared calls. A record
// whose answer carries an ETag keeps it as `version`, and an update sends it back as If-Match (412
// when someone changed the record since).

type Verbs = Pick<DataProvider, 'getList' | 'getMany' | 'getManyReference' | 'getOne' | 'create' | 'update' | 'updateMany' | 'delete' | 'deleteMany'>;
type Verb = (typeof ENTITY_VERBS)[number];
type Json = Record<string, unknown>;

/** The verbs of every resource, each resource's calls found by `entityOf`. */
export function entityVerbs(entityOf: (resource: string) => Promise<EntityDeclaration>, client: HttpClient, apiUrl: string): Verbs {
  const rest = simpleRestProvider('', client);
  const request = createRequest(client, apiUrl);
  /** ra-data-simple-rest joins '' + '/' + this: the declared path without its leading slash. */
  const restPath = (endpoint: EndpointDefinition) => fullPath(endpoint, apiUrl).slice(1);
  const declared = async (resource: string, verb: Verb) => {
    const entity = await entityOf(resource);
    const endpoint = entity[verb];
    if (!endpoint) throw new HttpError(`${entity.label}: the API has no ${verb} call for it`, 405, null);
    return { entity, endpoint };
  };
  const send = async (endpoint: EndpointDefinition, input: Json, headers?: Record<string, string>) => {
    const { json, headers: answered } = await request(endpoint, input as never, headers ? { headers } : undefined);
    const record = withIds(json) as Json;
    const version = answered.get('etag');
    return { data: (version && record && typeof record === 'object' ? { ...record, version } : record) as never };
  };
  const getOne: Verbs['getOne'] = async (resource, { id }) => send((await declared(resource, 'one')).endpoint, { params: { id } });

  const getList = async (resource: string, params: GetListParams) => {
    const { entity, endpoint } = await declared(resource, 'list');
    const scoped = withFacilityScope(entity, params);
    const style = entity.listStyle ?? 'range';
    if (style === 'range') return rest.getList(restPath(endpoint), scoped);
    const { filter = {}, pagination } = scoped;
    if (style === 'search-in-path') {
      // Without words the search asks nothing and finds nothing.
      const { q = '', ...query } = filter as Json;
      const words = String(q).trim();
      if (!words) return { data: [], total: 0 };
      const { json } = await request(endpoint, { params: { query: words }, query } as never);
      const data = withIds(json as RaRecord[]);
      return { data, total: data.length };
    }
    const { page = 1, perPage = 10 } = pagination ?? {};
    const { json } = await request(endpoint, { query: { ...filter, [style.limit]: perPage, [style.offset]: (page - 1) * perPage } } as never);
    const answer = json as Json;
    return { data: withIds(answer[style.items] as RaRecord[]), total: Number(answer[style.total]) };
  };

  const update: Verbs['update'] = async (resource, { id, data, previousData }) => {
    const { endpoint } = await declared(resource, 'update');
    // The version travels as If-Match, never as a field.
    const { version: _version, ...changed } = changedFields(data as Json, previousData as Json | undefined);
    const ifMatch = typeof previousData?.version === 'string' ? { 'If-Match': previousData.version } : undefined;
    // A path without {id} names the record in the body (spec 1 §7: PUT /user with the id), as the
    // number a JSON body carries (react-admin has the id of the address: a string).
    const input = pathParams(endpoint.path).includes('id') ? { params: { id }, body: changed } : { body: { ...changed, id: asNumber(id) } };
    return send(endpoint, input, ifMatch);
  };
  const remove: Verbs['delete'] = async (resource, { id }) => send((await declared(resource, 'delete')).endpoint, { params: { id } });

  return {
    getList,
    async getMany(resource, params) {
      const { entity, endpoint } = await declared(resource, 'list');
      if ((entity.listStyle ?? 'range') === 'range') return rest.getMany(restPath(endpoint), params);
      // A list that cannot be filtered by id: each record by itself.
      const records = await Promise.all(params.ids.map((id) => getOne(resource, { id })));
      return { data: records.map(({ data }) => data) };
    },
    async getManyReference(resource, params) {
      const { entity, endpoint } = await declared(resource, 'list');
      if ((entity.listStyle ?? 'range') === 'range') return rest.getManyReference(restPath(endpoint), params);
      return getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },
    getOne,
    async create(resource, { data, meta }) {
      // A form's Idempotency-Key (src/kit/entity: one per form filled): a retried create answers its first record.
      const key = typeof meta?.idempotencyKey === 'string' ? { 'Idempotency-Key': meta.idempotencyKey } : undefined;
      return send((await declared(resource, 'create')).endpoint, { body: withoutId(data as Json) }, key);
    },
    update,
    async updateMany(resource, { ids, data }) {
      // One after another: each change is checked (and may be refused) on its own.
      for (const id of ids) await update(resource, { id, data, previousData: undefined as never });
      return { data: ids };
    },
    delete: remove,
    async deleteMany(resource, { ids }) {
      const deleted: Identifier[] = [];
      for (const id of ids) {
        await remove(resource, { id });
        deleted.push(id);
      }
      return { data: deleted };
    },
  };
}

const asNumber = (id: Identifier) => (typeof id === 'string' && /^[0-9]{1,15}$/.test(id) ? Number(id) : id);

/** A new record's fields: the `id` react-admin may carry is no field of the API's. */
const withoutId = ({ id: _id, ...fields }: Json) => fields;
