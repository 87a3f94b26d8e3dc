import simpleRestProvider from 'ra-data-simple-rest';
import { useDataProvider, type DataProvider, type GetListParams } from 'react-admin';
import { resourcePath } from '../core/api/resources';
import { API_PATHS, API_PREFIX, isApiResource } from '../core/entities';
import type { BroadcastMethods } from './broadcasts';
import type { ClassMethods } from './classes';
import type { ContractMethods } from './contracts';
import type { EleagueMethods } from './eleagues';
import { customerMethods, type CustomerMethods } from './customers';
import type { CustomerProfileMethods } from './customerProfile';
import { eventMethods, type EventMethods } from './events';
import { withFacilityScope } from './facilityScope';
import type { InvoiceMethods } from './invoices';
import type { LeagueMethods } from './leagues';
import { httpClient as defaultHttpClient, type HttpClient } from './httpClient';
import { lazyMethods } from './lazyMethods';
import { operationMethods, type OperationMethods } from './operations';
import type { ReportMethods } from './reports';
import type { ScheduleMethods } from './schedule';
import type { SquareMethods } from './square';
import { changedFields, withIds } from './records';
import { staffOverrides } from './staff';

// The browser's dataProvider: ra-data-simple-rest (sort/range/filter, Content-Range) called with the
// path of each resource's declarations (core/api/resources.ts: the routes the server serves),
// over our http client, with `id` added to every record it answers and lists scoped to the admin's
// selected facility (./facilityScope.ts).

/**
 * The dataProvider's type. Calls that are not plain CRUD (expireDiscount, resetScoreboard …) are
 * typed methods here, implemented in createDataProvider.
 */
export interface TouchlineDataProvider extends DataProvider, CustomerMethods, CustomerProfileMethods, OperationMethods, EventMethods, InvoiceMethods, ReportMethods, ContractMethods, SquareMethods, LeagueMethods, ScheduleMethods, ClassMethods, BroadcastMethods, EleagueMethods {}

export function createDataProvider(apiUrl = API_PREFIX, httpClient: HttpClient = defaultHttpClient): TouchlineDataProvider {
  const client: HttpClient = (url, options) => httpClient(url, options).then((response) => ({ ...response, json: withIds(response.json) }));
  const rest = simpleRestProvider('', client);
  /**
   * The path (without its leading slash, as ra-data-simple-rest joins it) of a resource's list or
   * item: its declarations' (core/api/resources.ts), else, until its area is declared, core/entities.ts's.
   */
  const path = (resource: string, kind: 'list' | 'item') => {
    if (!isApiResource(resource)) throw new Error(`No API paths for the resource "${resource}": add it to core/entities.ts`);
    const paths = API_PATHS[resource];
    return (resourcePath(resource, kind, apiUrl) ?? `${'root' in paths ? '' : apiUrl}${paths[kind]}`).slice(1);
  };
  const list = (resource: string) => path(resource, 'list');
  const item = (resource: string) => path(resource, 'item');
  const staff = staffOverrides({ getMany: (resource, params) => rest.getMany(list(resource), params) }, client);
  const isStaff = (resource: string) => resource === 'staff';
  const customers = customerMethods(apiUrl, client);
  /**
   * The customer list is its search (GET /customer/search/{q}?facility_id=): every match at once, no
   * paging. Without words it asks nothing and answers no customer.
   */
  const searchInPath = async ({ filter = {} }: GetListParams) => {
    const { q = '', facility_id } = filter as { q?: unknown; facility_id?: number | null };
    if (String(q).trim() === '') return { data: [], total: 0 };
    const data = await customers.searchCustomers(String(q), { facility_id });
    return { data: data as never[], total: data.length };
  };
  const searchesInPath = (resource: string) => isApiResource(resource) && 'searchInPath' in API_PATHS[resource];
  // Calls of screens that load lazily (the customer profile, invoices, contracts, Square, reports, the
  // programs) load with them: their declarations stay out of the first load.
  const profileCalls = lazyMethods<CustomerProfileMethods>(() => import('./customerProfile').then((m) => m.customerProfileMethods(apiUrl, client)), {
    getCustomerProfile: true, updateCustomer: true, updateCustomerEmail: true, updateCustomerNote: true, suspendCustomer: true,
    liftSuspension: true, mergeCustomers: true, uploadCustomerPhoto: true, getCustomerInvoices: true, getCustomerContracts: true,
    getCustomerClasses: true, getCustomerTrials: true, upcomingTrialEvents: true, addTrial: true, activeMemberships: true,
    membershipProducts: true, addMembership: true, editMembership: true, getHubspotLink: true,
  });
  const invoiceCalls = lazyMethods<InvoiceMethods>(() => import('./invoices').then((m) => m.invoiceMethods(apiUrl, client)), {
    takePayment: true, revertPayment: true, discountOffers: true, applyDiscount: true, removeDiscount: true, sendInvoice: true,
    publicInvoice: true, exportInvoices: true, eventInvoices: true, bookingPrice: true, createInvoice: true, updateInvoice: true,
    setItemPrice: true, addItem: true, setFee: true, deleteItem: true, refundPayment: true, updatePaymentDetails: true,
    transferPayment: true, transferTargets: true,
  });
  const contractCalls = lazyMethods<ContractMethods>(() => import('./contracts').then((m) => m.contractMethods(apiUrl, client)), {
    createContract: true, checkContractEvents: true, addContractEvents: true, editContractEvents: true,
    deleteContractEvents: true, setContractFee: true, contractHistory: true, contractMarketingList: true,
    generateContractDoc: true, sendContractDoc: true, voidContractDoc: true, contractDocUrl: true, publicContract: true,
    signContract: true, pickupFees: true, pickupSessions: true, pickupSession: true, createPickupSession: true,
    pickupPlayers: true,
  });
  const squareCalls = lazyMethods<SquareMethods>(() => import('./square').then((m) => m.squareMethods(apiUrl, client)), {
    squareConfig: true, terminalDevices: true, checkPending: true, initCheckout: true, confirmCheckout: true, chargeCard: true,
    publicCardConfig: true, publicCharge: true, simulatorCheckouts: true, simulatorPayments: true, simulatorAct: true,
    listRefunds: true, confirmRefund: true, denyRefund: true, syncSquareRefunds: true,
  });
  const reportCalls = lazyMethods<ReportMethods>(() => import('./reports').then((m) => m.reportMethods(apiUrl, client)), {
    runReport: true, reportLeagues: true,
  });
  const leagueCalls = lazyMethods<LeagueMethods>(() => import('./leagues').then((m) => m.leagueMethods(apiUrl, client)), {
    getLeague: true, leagueTotals: true, moveLeagueTeam: true, teamSignup: true, rolloverLeague: true, completeRollover: true, getTeam: true,
    allTeams: true, signUpTeam: true, changeLeague: true, removeSignup: true, lockRoster: true, addPlayer: true, movePlayer: true, removePlayer: true,
    publicTeam: true, renewTeamLink: true, refereeMatches: true, allReferees: true, assignReferee: true,
  });
  const scheduleCalls = lazyMethods<ScheduleMethods>(() => import('./schedule').then((m) => m.scheduleMethods(apiUrl, client)), {
    buildSchedule: true, saveMatches: true, createMatch: true, updateMatch: true, deleteMatch: true, deleteSchedule: true, listMatches: true,
    standings: true, previewPlayoffs: true, createPlayoffs: true, playoffs: true, deletePlayoffs: true,
  });
  const eleagueCalls = lazyMethods<EleagueMethods>(() => import('./eleagues').then((m) => m.eleagueMethods(apiUrl, client)), {
    leagueEplayers: true, findEplayers: true, getEplayer: true, updateEplayer: true, removeEplayerSignup: true, ematches: true, createEmatch: true,
    updateEmatch: true, ematchStandings: true, ematchPlayoffs: true, ematchDay: true, sendEmatchDay: true, recordNoShows: true, checkLog: true,
    scheduleEleague: true,
  });
  const classCalls = lazyMethods<ClassMethods>(() => import('./classes').then((m) => m.classMethods(apiUrl, client)), {
    classList: true, getClass: true, activeClasses: true, classProducts: true, createClass: true, updateClass: true, deleteClass: true,
    setClassCoaches: true, facilityCoaches: true, registerChild: true, unregister: true, moveRegistration: true, updateAttendee: true,
    deleteWaitlist: true, convertWaitlist: true, deleteTrial: true, moveTrial: true, createClassEvent: true, updateClassEvent: true, deleteClassEvent: true,
  });
  const broadcastCalls = lazyMethods<BroadcastMethods>(() => import('./broadcasts').then((m) => m.broadcastMethods(apiUrl, client)), {
    broadcastRecipients: true, sendBroadcast: true, listBroadcasts: true, exportHubspot: true,
  });
  /** The classes list pages by limit and offset and answers {classes, nb_classes} (spec 3 §7). */
  const classList = async ({ filter = {}, pagination }: GetListParams) => {
    const { page = 1, perPage = 10 } = pagination ?? {};
    const { classes, nb_classes } = await classCalls.classList({ ...filter, limit: perPage, offset: (page - 1) * perPage });
    return { data: withIds(classes) as never[], total: nb_classes };
  };
  return {
    getList: (resource, params) => {
      if (resource === 'classes') return classList(params);
      const scoped = withFacilityScope(resource, params);
      return searchesInPath(resource) ? searchInPath(scoped) : rest.getList(list(resource), scoped);
    },
    getMany: (resource, params) => rest.getMany(list(resource), params),
    getManyReference: (resource, params) => rest.getManyReference(list(resource), params),
    getOne: (resource, params) => {
      if (isStaff(resource)) return staff.getOne(resource, params);
      // A customer is its profile (GET /customer/{id}) with the version its ETag carries, for If-Match.
      if (resource === 'customer') return profileCalls.getCustomerProfile(Number(params.id)).then((data) => ({ data: data as never }));
      return rest.getOne(item(resource), params);
    },
    create: (resource, params) => (isStaff(resource) ? staff.create(resource, params) : rest.create(item(resource), params)),
    update: (resource, params) =>
      isStaff(resource)
        ? staff.update(resource, params)
        : rest.update(item(resource), { ...params, data: changedFields(params.data, params.previousData) }),
    updateMany: (resource, params) => rest.updateMany(item(resource), params),
    delete: (resource, params) => rest.delete(item(resource), params),
    deleteMany: (resource, params) => rest.deleteMany(item(resource), params),
    ...customers,
    ...profileCalls,
    ...operationMethods(apiUrl, client),
    ...eventMethods(apiUrl, client),
    ...invoiceCalls,
    ...reportCalls,
    ...contractCalls,
    ...squareCalls,
    ...leagueCalls,
    ...scheduleCalls,
    ...classCalls,
    ...broadcastCalls,
    ...eleagueCalls,
  };
}

export const dataProvider = createDataProvider();

/** useDataProvider typed with Touchline's custom methods. */
export const useTouchlineDataProvider = () => useDataProvider<TouchlineDataProvider>();

export type { DuplicateCustomer, DuplicateQuery, FamilyLink, NewCustomer } from './customers';
export type { Customer, CustomerName, CustomerSummary } from '../core/customer';
export type * from './customerProfile';
export type { ChangelogEntry } from './operations';
export type * from './events';
export type * from './invoices';
export type * from './reports';
export type * from './contracts';
export type * from './square';
export type * from './leagues';
export type * from './schedule';
export type * from './classes';
export type * from './broadcasts';
export type * from './eleagues';
export { httpClient, type HttpClient } from './httpClient';
export { DETAIL_META } from './records';
