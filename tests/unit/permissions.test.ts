import { describe, expect, it } from 'vitest';
import { ROLES } from '../../core/constants';
import { API_PATHS, rightsOf, type ApiPaths, type ApiResource } from '../../core/entities';
import { MATRIX, can, canAssignRole, scopeFacility } from '../../core/permissions';

describe('core/permissions', () => {
  it('refuses what the matrix does not list, and anyone without a role', () => {
    expect(can('mod', 'taxes', 'create')).toBe(false);
    expect(can('manager', 'taxes', 'create')).toBe(true);
    expect(can(undefined, 'taxes', 'list')).toBe(false);
    expect(can('admin', 'no-such-resource', 'list')).toBe(false);
  });

  it("holds each entity's roles as declared in core/entities.ts, once, and guards every entity", () => {
    for (const resource of Object.keys(API_PATHS) as ApiResource[]) {
      const { roles }: ApiPaths = API_PATHS[resource];
      // Identical: no other entity and no other rule declares the same MATRIX resource.
      if (roles) expect(MATRIX[rightsOf(resource)], resource).toBe(roles);
      else expect(MATRIX[rightsOf(resource)], `${resource} names the rights of no entity`).toBeDefined();
    }
    expect(rightsOf('newproduct')).toBe('products');
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
