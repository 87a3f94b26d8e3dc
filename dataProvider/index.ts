import simpleRestProvider from 'ra-data-simple-rest';
import { useDataProvider, type DataProvider } from 'react-admin';
import { customerMethods, type CustomerMethods } from './customers';
import { customerProfileMethods, type CustomerProfileMethods } from './customerProfile';
import { endpoint } from './endpoints';
import { invoiceMethods, type InvoiceMethods } from './invoices';
import { httpClient as defaultHttpClient, type HttpClient } from './httpClient';
import { changedFields, withIds } from './records';

// The browser's dataProvider: ra-data-simple-rest (sort/range/filter, Content-Range) called with the
// spec's path of each resource, over our http client, with `id` added to every record it answers.

/**
 * The dataProvider's type. Calls that are not plain CRUD (checkAvailability, applyDiscount,
 * runReport …) are added here as methods, and implemented in createDataProvider.
 */
export interface TouchlineDataProvider extends DataProvider, CustomerMethods, CustomerProfileMethods, InvoiceMethods {}

export function createDataProvider(apiUrl = '/api', httpClient: HttpClient = defaultHttpClient): TouchlineDataProvider {
  const client: HttpClient = (url, options) => httpClient(url, options).then((response) => ({ ...response, json: withIds(response.json) }));
  const rest = simpleRestProvider(apiUrl, client);
  const list = (resource: string) => endpoint(resource).list;
  const item = (resource: string) => endpoint(resource).item;
  return {
    getList: (resource, params) => rest.getList(list(resource), params),
    getMany: (resource, params) => rest.getMany(list(resource), params),
    getManyReference: (resource, params) => rest.getManyReference(list(resource), params),
    getOne: (resource, params) => rest.getOne(item(resource), params),
    create: (resource, params) => rest.create(item(resource), params),
    update: (resource, params) => rest.update(item(resource), { ...params, data: changedFields(params.data, params.previousData) }),
    updateMany: (resource, params) => rest.updateMany(item(resource), params),
    delete: (resource, params) => rest.delete(item(resource), params),
    deleteMany: (resource, params) => rest.deleteMany(item(resource), params),
    ...customerMethods(apiUrl, client),
    ...customerProfileMethods(apiUrl, client),
    ...invoiceMethods(apiUrl, client),
  };
}

export const dataProvider = createDataProvider();

/** useDataProvider typed with Touchline's custom methods. */
export const useTouchlineDataProvider = () => useDataProvider<TouchlineDataProvider>();

export { ENDPOINTS, type Endpoint } from './endpoints';
export type { CustomerSummary, FamilyLink, NewCustomer } from './customers';
export type * from './customerProfile';
export type * from './invoices';
export { httpClient, type HttpClient } from './httpClient';
