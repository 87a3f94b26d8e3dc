import type { ComponentType } from 'react';
import { lazyList } from './lazyList';
import type { SettingsResource } from './types';

/** The <Resource> props of a name + percent entity (taxes, fees); its list loads with its tab. */
export const namePercentResource = (name: string, icon: ComponentType): SettingsResource => ({
  name,
  list: lazyList(() => import('./NamePercent'), (m) => m.NamePercentList),
  icon,
  recordRepresentation: 'name',
});
