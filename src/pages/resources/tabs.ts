import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import taxes from '../../../resources/taxes';
import fees from '../../../resources/fees';

// The tabs of /resources (spec 1 §2), chosen by ?tab=. Each shows the list of one resource of
// resources/; a new tab is one line here, in the spec's order: facility, field (the default once it
// exists), product_type, gl, product, tax, fee, agegroup, fieldtype, integration.

/** A resource whose list is a component, so that a tab can render it. */
export type SettingsResource = ResourceProps & { list: ComponentType };

export interface ResourceTab {
  /** The value of ?tab=. */
  tab: string;
  resource: SettingsResource;
}

export const RESOURCE_TABS: readonly ResourceTab[] = [
  { tab: 'tax', resource: taxes },
  { tab: 'fee', resource: fees },
];

export const DEFAULT_TAB = 'tax';
