import { useDataProvider, type DataProvider } from 'react-admin';
import { API_PREFIX } from '../core/api/endpoint';
import type { BroadcastMethods } from './broadcasts';
import { createCall, createRequest, type Call, type Request } from './call';
import type { ContractMethods } from './contracts';
import type { EleagueMethods } from './eleagues';
import { customerMethods, type CustomerMethods } from './customers';
import type { CustomerProfileMethods } from './customerProfile';
import type { EntityDeclaration } from '../core/api/entity';
import { entityFinder, type EntityLoaders } from './entities';
import { eventMethods, type EventMethods } from './events';
import type { InvoiceMethods } from './invoices';
import type { LeagueMethods } from './leagues';
import { httpClient as defaultHttpClient, type HttpClient } from './httpClient';
import { lazyMethods } from './lazyMethods';
import { operationMethods, type OperationMethods } from './operations';
import type { ReportMethods } from './reports';
import type { ScheduleMethods } from './schedule';
import type { SquareMethods } from './square';
import { withIds } from './records';
import { entityVerbs } from './verbs';

// The browser's dataProvider: react-admin's verbs derived from each resource's entity declaration
// (./verbs.ts; the registry names where each resource's declaration is, ./entities.ts), and `call`,
// any declared endpoint called through its declaration (core/api), typed by it.

/** The dataProvider's type: react-admin's verbs, and every declared call through `call` and `request`. */
export interface TouchlineDataProvider extends DataProvider, CustomerMethods, CustomerProfileMethods, OperationMethods, EventMethods, InvoiceMethods, ReportMethods, ContractMethods, SquareMethods, LeagueMethods, ScheduleMethods, BroadcastMethods, EleagueMethods {
  /** `call(endpoint, { params, query, body })`: the answer of a declared call, typed by its declaration. */
  call: Call;
  /** The same with the whole response (status and headers: an ETag). */
  request: Request;
  /** A resource's entity declaration (its calls), e.g. for a form to validate by its body's schema. */
  entity(resource: string): Promise<EntityDeclaration>;
}

export interface DataProviderOptions {
  /** Each resource's entity declaration, loaded with its first read or write (the app's registry). */
  entities: EntityLoaders;
  apiUrl?: string;
  httpClient?: HttpClient;
}

export function createDataProvider({ entities, apiUrl = API_PREFIX, httpClient = defaultHttpClient }: DataProviderOptions): TouchlineDataProvider {
  const client: HttpClient = (url, options) => httpClient(url, options).then((response) => ({ ...response, json: withIds(response.json) }));
  const customers = customerMethods(apiUrl, client);
  // Calls of screens that load lazily (the customer profile, invoices, contracts, Square, reports, the
  // programs) load with them: their declarations stay out of the first load.
  const profileCalls = lazyMethods<CustomerProfileMethods>(() => import('./customerProfile').then((m) => m.customerProfileMethods(apiUrl, client)), {
    getCustomerProfile: true, updateCustomer: true, activeMemberships: true, membershipProducts: true, getHubspotLink: true,
  });
  const invoiceCalls = lazyMethods<InvoiceMethods>(() => import('./invoices').then((m) => m.invoiceMethods(apiUrl, client)), {
    publicInvoice: true, exportInvoices: true, bookingPrice: true,
  });
  const contractCalls = lazyMethods<ContractMethods>(() => import('./contracts').then((m) => m.contractMethods(apiUrl, client)), {
    contractDocUrl: true, publicContract: true, signContract: true, pickupFees: true, pickupSessions: true, pickupSession: true, createPickupSession: true,
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
    publicTeam: true, refereeMatches: true, allReferees: true, assignReferee: true,
  });
  const scheduleCalls = lazyMethods<ScheduleMethods>(() => import('./schedule').then((m) => m.scheduleMethods(apiUrl, client)), {
    buildSchedule: true, saveMatches: true, createMatch: true, updateMatch: true, deleteMatch: true, deleteSchedule: true, listMatches: true,
    standings: true, previewPlayoffs: true, createPlayoffs: true, playoffs: true, deletePlayoffs: true,
  });
  const eleagueCalls = lazyMethods<EleagueMethods>(() => import('./eleagues').then((m) => m.eleagueMethods(apiUrl, client)), {
    leagueEplayers: true, findEplayers: true, getEplayer: true, updateEplayer: true, removeEplayerSignup: true, signupEplayer: true, ematches: true, createEmatch: true,
    updateEmatch: true, ematchStandings: true, ematchPlayoffs: true, ematchDay: true, sendEmatchDay: true, recordNoShows: true, checkLog: true,
    scheduleEleague: true,
  });
  const broadcastCalls = lazyMethods<BroadcastMethods>(() => import('./broadcasts').then((m) => m.broadcastMethods(apiUrl, client)), {
    broadcastRecipients: true, sendBroadcast: true, listBroadcasts: true, exportHubspot: true,
  });
  const entity = entityFinder(entities);
  return {
    ...entityVerbs(entity, client, apiUrl),
    entity,
    call: createCall(client, apiUrl),
    request: createRequest(client, apiUrl),
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
    ...broadcastCalls,
    ...eleagueCalls,
  };
}

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
export type { CallOptions } from './call';
export { DETAIL_META } from './records';
