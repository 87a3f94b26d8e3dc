import { session } from './session';

// Lists follow the admin's facility selector (spec 1 §4, issue 8 item 11): the dataProvider adds the
// selected facility to the filter of the resources that belong to a facility, unless the screen chose
// one itself. 'All facilities' adds nothing (the server's 0 or none = every facility); other roles are
// pinned to their own facility by the server whatever is sent.

/** Resources whose lists hold several facilities' records. */
export const FACILITY_SCOPED_RESOURCES: ReadonlySet<string> = new Set(['customer', 'staff', 'discount_rules', 'scoreboards', 'teams', 'media']);

export function withFacilityScope<P extends { filter?: Record<string, unknown> }>(resource: string, params: P): P {
  const scope = session.facilityScope();
  if (scope === null || !FACILITY_SCOPED_RESOURCES.has(resource) || params.filter?.facility_id !== undefined) return params;
  return { ...params, filter: { ...params.filter, facility_id: scope } };
}
