// What the browser keeps of a session (spec 1 §1): the bearer token, the user type and facility id,
// and the facility an admin has selected.

const KEYS = { token: 'token', userType: 'user_type', facilityId: 'facility_id', selectedFacility: 'selected_facility' } as const;

/** The selector's 'All facilities' (the spec's facility 0). */
export const ALL_FACILITIES = 0;

export const session = {
  token: () => localStorage.getItem(KEYS.token),
  userType: () => localStorage.getItem(KEYS.userType),
  facilityId: () => Number(localStorage.getItem(KEYS.facilityId) ?? 0) || null,
  save(token: string, userType: string, facilityId: number) {
    localStorage.setItem(KEYS.token, token);
    localStorage.setItem(KEYS.userType, userType);
    localStorage.setItem(KEYS.facilityId, String(facilityId));
  },
  clear() {
    localStorage.removeItem(KEYS.token);
    localStorage.removeItem(KEYS.userType);
    localStorage.removeItem(KEYS.facilityId);
  },
  /** The admin's choice in the facility selector: a facility, or ALL_FACILITIES (default 1). */
  facilitySelection: () => {
    const stored = Number(localStorage.getItem(KEYS.selectedFacility) ?? 1);
    return Number.isInteger(stored) && stored >= 0 ? stored : 1;
  },
  /**
   * The facility an admin creates things in: the selected one (1 while all are selected); other
   * roles always work in their own.
   */
  selectedFacility: () => session.facilitySelection() || 1,
  /** The facility lists and searches are scoped to: the admin's selection, null for all (and for others, whom the server pins). */
  facilityScope: (): number | null => (session.userType() === 'admin' ? session.facilitySelection() || null : null),
  selectFacility(id: number) {
    localStorage.setItem(KEYS.selectedFacility, String(id));
  },
};
