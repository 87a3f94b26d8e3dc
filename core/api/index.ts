import type { EndpointDefinition } from './endpoint';
import * as auth from './auth';
import * as broadcasts from './broadcasts';
import * as changelog from './changelog';
import * as classes from './classes';
import * as contracts from './contracts';
import * as customers from './customers';
import * as discounts from './discounts';
import * as eleagues from './eleagues';
import * as events from './events';
import * as leagues from './leagues';
import * as invoices from './invoices';
import * as media from './media';
import * as memberships from './memberships';
import * as payments from './payments';
import * as pickup from './pickup';
import * as portal from './portal';
import * as portalOfferings from './portalOfferings';
import * as portalTeams from './portalTeams';
import * as products from './products';
import * as reports from './reports';
import * as schedule from './schedule';
import * as scoreboards from './scoreboards';
import * as settings from './settings';
import * as square from './square';
import * as staff from './staff';
import * as system from './system';
import * as referees from './referees';
import * as teams from './teams';
import * as waivers from './waivers';

// Every endpoint of the API, one declaration each, by area. The server serves each (tests/api/
// contract.test.ts checks that every route is one of these and every one of these is a route), the
// dataProvider calls through them, and GET /api/openapi.json is generated from this list. A new area
// is a module here and one line below; an area exports declarations, or groups of them (an entity's
// five of core/api/crud.ts).

const AREAS = { system, auth, staff, settings, discounts, memberships, events, contracts, pickup, reports, leagues, teams, schedule, eleagues, classes, referees, broadcasts, invoices, payments, square, products, customers, changelog, scoreboards, media, portal, portalOfferings, portalTeams, waivers };

const isEndpoint = (value: unknown): value is EndpointDefinition =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'permission' in value;

/** The declarations an export holds: itself, or the members of a group. */
const declared = (value: unknown): EndpointDefinition[] =>
  isEndpoint(value) ? [value] : typeof value === 'object' && value !== null ? Object.values(value).filter(isEndpoint) : [];

export const ENDPOINTS: readonly EndpointDefinition[] = [...new Set(Object.values(AREAS).flatMap((area) => Object.values(area).flatMap(declared)))];
