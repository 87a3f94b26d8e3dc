import { HttpError, type DataProvider } from 'react-admin';
import * as staff from '../core/api/staff';
import type { StaffCreateInput, StaffUpdateInput } from '../core/validation/staff';
import { createCall } from './call';
import type { HttpClient } from './httpClient';
import { changedFields } from './records';

// Staff accounts live at the authentication's root paths (spec 1 §7), and their create, update and
// one-record read are not plain REST: POST /user/presignup, PUT /user with the id in the body, and one
// account read through GET /user's `id` filter. List and delete are the REST ones.

type Rest = Pick<DataProvider, 'getMany'>;

export function staffOverrides(rest: Rest, client: HttpClient): Pick<DataProvider, 'getOne' | 'create' | 'update'> {
  const call = createCall(client);
  // The answer is the account with its `id` (the client adds it); react-admin types its record generically.
  const asData = (member: staff.StaffMember) => ({ data: member as never });
  return {
    async getOne(resource, { id }) {
      const { data } = await rest.getMany(resource, { ids: [id] });
      if (!data[0]) throw new HttpError('Staff member not found', 404, { message: 'Staff member not found' });
      return { data: data[0] };
    },
    create: async (_, { data }) => asData(await call(staff.createStaff, { body: data as StaffCreateInput })),
    update: async (_, { id, data, previousData }) =>
      asData(await call(staff.updateStaff, { body: { ...changedFields(data, previousData), id } as StaffUpdateInput })),
  };
}
