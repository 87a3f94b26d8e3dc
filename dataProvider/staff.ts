import { HttpError, type DataProvider } from 'react-admin';
import { apiPath } from '../core/entities';
import type { HttpClient } from './httpClient';
import { changedFields } from './records';

// Staff accounts live at the authentication's root paths (spec 1 §7), and their create, update and
// one-record read are not plain REST: POST /user/presignup, PUT /user with the id in the body, and one
// account read through GET /user's `id` filter. List and delete are the REST ones.

type Rest = Pick<DataProvider, 'getMany'>;

export function staffOverrides(rest: Rest, client: HttpClient): Pick<DataProvider, 'getOne' | 'create' | 'update'> {
  const path = apiPath('staff', 'item');
  const send = async (url: string, method: 'POST' | 'PUT', body: object) => ({ data: (await client(url, { method, body: JSON.stringify(body) })).json });
  return {
    async getOne(resource, { id }) {
      const { data } = await rest.getMany(resource, { ids: [id] });
      if (!data[0]) throw new HttpError('Staff member not found', 404, { message: 'Staff member not found' });
      return { data: data[0] };
    },
    create: (_, { data }) => send(`${path}/presignup`, 'POST', data),
    update: (_, { id, data, previousData }) => send(path, 'PUT', { ...changedFields(data, previousData), id }),
  };
}
