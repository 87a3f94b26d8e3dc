import type { EndpointDefinition } from './endpoint';
import * as contracts from './contracts';
import * as events from './events';
import * as invoices from './invoices';
import * as memberships from './memberships';
import * as payments from './payments';
import * as pickup from './pickup';
import * as reports from './reports';
import * as square from './square';
import * as system from './system';

// Every endpoint of the API, one declaration each, by area. The server serves each (tests/api/
// contract.test.ts checks that every route is one of these and every one of these is a route), the
// dataProvider calls through them, and GET /api/openapi.json is generated from this list. A new area
// is a module here and one line below.

const AREAS = { system, memberships, events, contracts, pickup, reports, invoices, payments, square };

const isEndpoint = (value: unknown): value is EndpointDefinition =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'permission' in value;

export const ENDPOINTS: readonly EndpointDefinition[] = Object.values(AREAS).flatMap((area) => Object.values(area).filter(isEndpoint));
