import { describe, expect, it } from 'vitest';
import { checkRoles, grantsOf, holdsAny, isAdmin, NEED_ROLES_MESSAGE, NO_GRANTS } from './rules.ts';

const ops = { permissions: ['user/see/user', 'refund/see/refund'], roles: ['ops_gn'] };

describe('role rules', () => {
  it('keeps an element when the user holds any listed permission or role', () => {
    expect(checkRoles(ops, ['refund/see/refund', 'x/see/y'])).toBe(true);
    expect(checkRoles(ops, ['ops_gn'])).toBe(true);
    expect(checkRoles(ops, ['edition/see/edition'])).toBe(false);
    expect(checkRoles(NO_GRANTS, ['user/see/user'])).toBe(false);
  });

  it('lets admin hold everything, by role identifier or permission', () => {
    expect(isAdmin({ permissions: [], roles: ['admin'] })).toBe(true);
    expect(isAdmin({ permissions: ['admin'], roles: [] })).toBe(true);
    expect(isAdmin(ops)).toBe(false);
    expect(holdsAny({ permissions: [], roles: ['admin'] }, ['anything/see/at_all'])).toBe(true);
  });

  it('needs a non-empty list of roles', () => {
    expect(() => checkRoles(ops, [])).toThrow(NEED_ROLES_MESSAGE);
    expect(() => checkRoles(ops, undefined)).toThrow("need roles! Like v-permission=['admin','editor']");
  });

  it('reads the grants of a session', () => {
    expect(grantsOf({ permissions: ['see/home'], user: { role_info: [{ identifier: 'cs' }] } })).toEqual({
      permissions: ['see/home'],
      roles: ['cs'],
    });
    expect(grantsOf({ permissions: [], user: null })).toEqual(NO_GRANTS);
  });
});
