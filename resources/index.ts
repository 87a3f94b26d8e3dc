import type { ResourceProps } from 'react-admin';
import type { SettingsResource } from '../src/components/settings/types';
import taxes from './taxes';
import fees from './fees';
import facilities from './facilities';
import fields from './fields';
import fieldTypes from './field_types';
import ageGroups from './age_groups';
import gls from './gls';
import productTypes from './product_types';
import integrations from './integrations';
import customer from './customer';
import staff from './staff';
import discount from './discount';
import newproduct from './newproduct';
import products from './products';
import invoices from './invoices';
import contracts from './contracts';
import leagues, { league, tournament } from './leagues';
import teams, { team } from './teams';
import classes from './classes';

// The registry of react-admin resources: adding an entity is a folder in resources/ and a line here.
// A resource's name is the spec's URL segment, so react-admin's routes (/customer, /customer/{id} …)
// are the spec's routes; its API paths are in core/entities.ts under the same name.

/** Settings are edited on the tabs of /resources (src/pages/resources/tabs.ts): registered without views. */
const settings: SettingsResource[] = [taxes, fees, facilities, fields, fieldTypes, ageGroups, gls, productTypes, integrations];
const withoutViews = ({ list: _list, ...definition }: SettingsResource): ResourceProps => definition;

export const resources: ResourceProps[] = [...settings.map(withoutViews), customer, staff, discount, newproduct, products, invoices, contracts, leagues, league, tournament, teams, team, classes];
