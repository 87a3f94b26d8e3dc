import type { ComponentType } from 'react';
import { lazyList } from './lazyList';
import type { EntityLoader } from '../../entity/types';
import type { SettingsResource } from './types';

/** The <Resource> props of a name + percent entity (taxes, fees); its list loads with its tab. */
export const namePercentResource = (name: string, icon: ComponentType, entity: EntityLoader): SettingsResource => ({
  name,
  entity,
  list: lazyList(() => import('./NamePercent'), (m) => m.NamePercentList),
  icon,
  recordRepresentation: 'name',
});
