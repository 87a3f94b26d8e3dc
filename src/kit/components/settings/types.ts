import type { ComponentType } from 'react';
import type { EntityResource } from '../../entity/types';

/**
 * A settings resource (spec 1 §2): its list is a tab of /resources (a `tab` entry of src/app/registry.ts),
 * not a route of its own: the registry registers it without views.
 */
export type SettingsResource = EntityResource & { list: ComponentType };
