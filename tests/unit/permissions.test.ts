import { describe, expect, it } from 'vitest';
import { ROLES } from '../../core/constants';
import { MATRIX, can, canAssignRole, scopeFacility } from '../../core/permissions';

describe('core/permissions', () => {
  it('refuses what the matrix does not list, and anyone without a role', () => {
    expect(can('mod', 'taxes', 'create')).toBe(false);
    expect(can('manager', 'taxes', 'create')).toBe(true);
    expect(can(undefined, 'taxes', 'list')).toBe(false);
    expect(can('admin', 'no-such-resource', 'list')).toBe(false);
  });

  it('keeps Invoices and Refunds for admins, and Admin home, Staff, Scoreboards, Resources for admins and managers', () => {
    for (const page of ['page:invoices', 'page:refunds']) {
      expect(ROLES.filter((r) => can(r, page, 'access'))).toEqual(['admin']);
    }
    expect(ROLES.filter((r) => can(r, 'page:admin', 'menu'))).toEqual(['admin']);
    for (const page of ['page:admin', 'page:staff', 'page:scoreboards', 'page:resources']) {
      expect(ROLES.filter((r) => can(r, page, 'access'))).toEqual(['admin', 'manager']);
    }
  });

  it('gives coaches and referees only the schedule and the calendar', () => {
    const pages = Object.keys(MATRIX).filter((k) => k.startsWith('page:'));
    for (const role of ['coach', 'referee'] as const) {
      expect(pages.filter((p) => can(role, p, 'access')).sort()).toEqual(['page:calendar', 'page:schedule']);
    }
  });

  it('lets a manager give only roles below manager', () => {
    expect(canAssignRole('admin', 'admin')).toBe(true);
    expect(canAssignRole('manager', 'mod')).toBe(true);
    expect(canAssignRole('manager', 'manager')).toBe(false);
    expect(canAssignRole('manager', 'admin')).toBe(false);
    expect(canAssignRole('mod', 'coach')).toBe(false);
  });

  it('pins non-admins to their facility whatever they ask, and lets admins choose (0 = all)', () => {
    expect(scopeFacility({ role: 'manager', facility_id: 2 }, 1)).toBe(2);
    expect(scopeFacility({ role: 'mod', facility_id: 3 }, 0)).toBe(3);
    expect(scopeFacility({ role: 'admin', facility_id: 1 }, 5)).toBe(5);
    expect(scopeFacility({ role: 'admin', facility_id: 1 }, 0)).toBeNull();
    expect(scopeFacility({ role: 'admin', facility_id: 1 }, undefined)).toBeNull();
  });
});
