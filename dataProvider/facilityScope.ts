import type { EntityDeclaration } from '../core/api/entity';
import { session } from './session';

// Lists follow the admin's facility selector (spec 1 §4, issue 8 item 11): the dataProvider adds the
// selected facility to the list filter an entity declares (its `facilityFilter`: the lists that hold
// several facilities' records), unless the screen chose one itself. 'All facilities' adds nothing (the
// server's 0 or none = every facility); other roles are pinned to their own facility by the server
// whatever is sent.

export function withFacilityScope<P extends { filter?: Record<string, unknown> }>(entity: Pick<EntityDeclaration, 'facilityFilter'>, params: P): P {
  const key = entity.facilityFilter;
  const scope = session.facilityScope();
  if (scope === null || !key || params.filter?.[key] !== undefined) return params;
  return { ...params, filter: { ...params.filter, [key]: scope } };
}
