import { describe, expect, it } from 'vitest';
import { PLAN_KEYS } from '../plans';
import {
  canManageMember,
  ROLE_RIGHTS,
  roleCan,
  WORKSPACE_RIGHTS,
  WORKSPACE_ROLES,
  WORKSPACE_SEATS,
} from './roles';

describe('workspace roles', () => {
  it('give each role a subset of the one above it', () => {
    const [owner, admin, editor] = WORKSPACE_ROLES.map((role) => new Set(ROLE_RIGHTS[role]));
    expect([...owner!]).toEqual([...WORKSPACE_RIGHTS]);
    for (const right of ROLE_RIGHTS.admin) expect(owner!.has(right)).toBe(true);
    for (const right of ROLE_RIGHTS.editor) expect(admin!.has(right)).toBe(true);
    for (const right of ROLE_RIGHTS.viewer)
      expect(right === 'approve' || editor!.has(right)).toBe(true);
  });

  it('keep billing and settings to owners, members from editors, and every change from viewers', () => {
    for (const right of ['billing', 'settings'] as const) {
      expect(WORKSPACE_ROLES.filter((role) => roleCan(role, right))).toEqual(['owner']);
    }
    expect(roleCan('editor', 'members')).toBe(false);
    expect(roleCan('editor', 'spend')).toBe(true);
    expect(ROLE_RIGHTS.viewer).toEqual(['view', 'approve']);
  });

  it('let an owner manage anyone, an admin anyone but owners, and nobody else anyone', () => {
    for (const target of WORKSPACE_ROLES) {
      expect(canManageMember('owner', target)).toBe(true);
      expect(canManageMember('admin', target)).toBe(target !== 'owner');
      expect(canManageMember('editor', target)).toBe(false);
      expect(canManageMember('viewer', target)).toBe(false);
    }
  });

  it('include more seats in each dearer plan, and the owner alone without one', () => {
    expect(WORKSPACE_SEATS.free).toBe(1);
    const seats = PLAN_KEYS.map((plan) => WORKSPACE_SEATS[plan]);
    expect(seats).toEqual([...seats].sort((a, b) => a - b));
    expect(new Set(seats).size).toBe(seats.length);
  });
});
