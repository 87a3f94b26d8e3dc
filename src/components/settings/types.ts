import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';

/**
 * A settings resource (spec 1 §2): its list is a tab of /resources (a `tab` entry of src/registry.ts),
 * not a route of its own: the registry registers it without views.
 */
export type SettingsResource = ResourceProps & { list: ComponentType };
