import simpleRestProvider from 'ra-data-simple-rest';
import {
  HttpError, type CreateParams, type DataProvider, type DeleteParams, type GetListParams, type GetManyParams, type GetOneParams,
  type UpdateParams,
} from 'react-admin';
import { httpClient as defaultHttpClient, type HttpClient } from '../../dataProvider/httpClient';
import { withFacilityScope } from '../../dataProvider/facilityScope';
import { changedFields, withIds } from '../../dataProvider/records';

// Staff accounts live at the authentication's root paths (spec 1 §7), not under /api, and their
// create and update are not plain REST: POST /user/presignup, PUT /user with the id in the body.
// GET /user takes ra-data-simple-rest's parameters; one account is read through its `id` filter.

export const STAFF_RESOURCE = 'staff';

/** POST /user/reset?email=: mails the account a link to set a new password; answers the API's message. */
export async function sendPasswordReset(email: string, httpClient: HttpClient = defaultHttpClient): Promise<string> {
  const { json } = await httpClient(`/user/reset?${new URLSearchParams({ email })}`, { method: 'POST' });
  return String(json?.message ?? '');
}

/** The react-admin methods of the `staff` resource (those the API offers). */
export function createStaffDataProvider(httpClient: HttpClient = defaultHttpClient) {
  const client: HttpClient = (url, options) => httpClient(url, options).then((response) => ({ ...response, json: withIds(response.json) }));
  const rest = simpleRestProvider('', client);
  const send = async (url: string, method: 'POST' | 'PUT', body: object) => {
    const { json } = await client(url, { method, body: JSON.stringify(body) });
    return { data: json };
  };
  return {
    getList: (params: GetListParams) => rest.getList('user', withFacilityScope(STAFF_RESOURCE, params)),
    getMany: (params: GetManyParams) => rest.getMany('user', params),
    async getOne({ id }: GetOneParams) {
      const { data } = await rest.getMany('user', { ids: [id] });
      if (!data[0]) throw new HttpError('Staff member not found', 404, { message: 'Staff member not found' });
      return { data: data[0] };
    },
    create: ({ data }: CreateParams) => send('/user/presignup', 'POST', data),
    update: ({ id, data, previousData }: UpdateParams) => send('/user', 'PUT', { ...changedFields(data, previousData), id }),
    delete: (params: DeleteParams) => rest.delete('user', params),
  };
}

/**
 * The app's dataProvider with the `staff` resource answered from the root paths; every other
 * resource (facilities for the filters and the dialog …) goes to `base`.
 */
export function withStaff(base: DataProvider, staff = createStaffDataProvider()): DataProvider {
  const mine = (resource: string) => resource === STAFF_RESOURCE;
  return {
    ...base,
    getList: (resource, params) => (mine(resource) ? staff.getList(params) : base.getList(resource, params)),
    getMany: (resource, params) => (mine(resource) ? staff.getMany(params) : base.getMany(resource, params)),
    getOne: (resource, params) => (mine(resource) ? staff.getOne(params) : base.getOne(resource, params)),
    create: (resource, params) => (mine(resource) ? staff.create(params) : base.create(resource, params)),
    update: (resource, params) => (mine(resource) ? staff.update(params) : base.update(resource, params)),
    delete: (resource, params) => (mine(resource) ? staff.delete(params) : base.delete(resource, params)),
  };
}
