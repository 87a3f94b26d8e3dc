import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';

/**
 * A settings resource (spec 1 §2): its list is a tab of /resources (src/pages/resources/tabs.ts), not
 * a route of its own; resources/index.ts registers it without views.
 */
export type SettingsResource = ResourceProps & { list: ComponentType };
