import { describe, expect, it } from 'vitest';
import { ROLES } from '../../core/constants';
import { ENDPOINTS } from '../../core/api';
import { MATRIX, can, canAssignRole, rightsOf, scopeFacility } from '../../core/permissions';

describe('core/permissions', () => {
  it('refuses what the matrix does not list, and anyone without a role', () => {
    expect(can('mod', 'taxes', 'create')).toBe(false);
    expect(can('manager', 'taxes', 'create')).toBe(true);
    expect(can(undefined, 'taxes', 'list')).toBe(false);
    expect(can('admin', 'no-such-resource', 'list')).toBe(false);
  });

  it('has a rule for the resource and action of every declared call', () => {
    const guarded = ENDPOINTS.flatMap((e) => (typeof e.permission === 'object' ? [{ call: `${e.method} ${e.path}`, ...e.permission }] : []));
    expect(guarded.length).toBeGreaterThan(200);
    expect(guarded.filter(({ resource, action }) => !MATRIX[resource]?.[action]).map(({ call }) => call)).toEqual([]);
  });

  it("guards a react-admin resource named after the spec's URL by its entity's rules", () => {
    expect(rightsOf('newproduct')).toBe('products');
    expect(rightsOf('league')).toBe('leagues');
    expect(rightsOf('taxes')).toBe('taxes');
    expect(can('mod', 'league', 'create')).toBe(false);
    expect(can('admin', 'league', 'create')).toBe(true);
    expect(ROLES.filter((r) => can(r, 'customers', 'delete'))).toEqual(['admin', 'manager']);
    expect(ROLES.filter((r) => can(r, 'discounts', 'expire'))).toEqual(['admin', 'manager']);
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
