// What the browser keeps of a session (spec 1 §1): the bearer token, the user type and facility id,
// and the facility an admin has selected.

const KEYS = { token: 'token', userType: 'user_type', facilityId: 'facility_id', selectedFacility: 'selected_facility' } as const;

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
  /** The facility an admin works in (default 1); other roles always work in their own. */
  selectedFacility: () => Number(localStorage.getItem(KEYS.selectedFacility) ?? 1) || 1,
  selectFacility(id: number) {
    localStorage.setItem(KEYS.selectedFacility, String(id));
  },
};
