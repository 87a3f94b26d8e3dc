import type { ResourceProps } from 'react-admin';
import taxes from './taxes';
import fees from './fees';
import facilities from './facilities';
import fields from './fields';
import fieldTypes from './field_types';
import ageGroups from './age_groups';
import gls from './gls';
import productTypes from './product_types';
import integrations from './integrations';
import products from './products';
import invoices from './invoices';

// The registry of react-admin resources: adding an entity is a folder in resources/ and a line here.
export const resources: ResourceProps[] = [
  taxes,
  fees,
  facilities,
  fields,
  fieldTypes,
  ageGroups,
  gls,
  productTypes,
  integrations,
  products,
  invoices,
];
