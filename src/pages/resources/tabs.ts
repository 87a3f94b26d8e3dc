import ageGroups from '../../../resources/age_groups';
import facilities from '../../../resources/facilities';
import fees from '../../../resources/fees';
import fieldTypes from '../../../resources/field_types';
import fields from '../../../resources/fields';
import gls from '../../../resources/gls';
import integrations from '../../../resources/integrations';
import productTypes from '../../../resources/product_types';
import { productSettings } from '../../../resources/newproduct';
import taxes from '../../../resources/taxes';
import type { SettingsResource } from '../../components/settings/types';

// The tabs of /resources (spec 1 §2), chosen by ?tab=. Each shows the list of one resource of
// resources/; a new tab is one line here, in the spec's order: facility, field (the default),
// product_type, gl, product, tax, fee, agegroup, fieldtype, integration.


export interface ResourceTab {
  /** The value of ?tab=. */
  tab: string;
  resource: SettingsResource;
}

export const RESOURCE_TABS: readonly ResourceTab[] = [
  { tab: 'facility', resource: facilities },
  { tab: 'field', resource: fields },
  { tab: 'product_type', resource: productTypes },
  { tab: 'gl', resource: gls },
  { tab: 'product', resource: productSettings },
  { tab: 'tax', resource: taxes },
  { tab: 'fee', resource: fees },
  { tab: 'agegroup', resource: ageGroups },
  { tab: 'fieldtype', resource: fieldTypes },
  { tab: 'integration', resource: integrations },
];

export const DEFAULT_TAB = 'field';
