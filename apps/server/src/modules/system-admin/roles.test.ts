import { describe, expect, it } from 'vitest';
import type { CpSettings, Role } from '@rx/contracts';
import { roles } from '../../db/schema.ts';
import { bearer, body, checkRoundTrip, signInAs, useTestApp } from '../../../test/index.ts';

const t = useTestApp({ product: null });
const admin = t.admin;

type List = { list: Role[]; total: number };
const PASSWORD = 'Welcome2025';
const FIRST_PASSWORD = 'Initial2025';
const roleNamed = async (identifier: string) =>
  body<List>(await admin.get(`/api/v1/roles?q=${identifier}`)).data.list.find(
    (r) => r.identifier === identifier,
  )!;

/** A staff member holding `roleId`, signed in. */
/** A new staff member holding the role, past the first sign-in's password change. */
async function holder(username: string, roleId: number) {
  await admin.post('/api/v1/staff', { username, password: FIRST_PASSWORD, role_ids: [roleId] });
  const first = (await signInAs(t.app, username, FIRST_PASSWORD)).user.access_token;
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/acs/user/set_password',
    headers: bearer(first),
    payload: { old_password: FIRST_PASSWORD, new_password: PASSWORD },
  });
  expect(body(changed).code).toBe(0);
  return (await signInAs(t.app, username, PASSWORD)).user.access_token;
}

describe('roles', () => {
  it('creates with catalogue permissions, lists with filters and sort, reads one, and logs', async () => {
    const res = await admin.post('/api/v1/roles', {
      identifier: 'prop_editor',
      name: '道具策划',
      permissions: ['commercialization/see/prop', 'commercialization/edit/prop'],
    });
    const role = body<Role>(res).data;
    expect(role).toMatchObject({ identifier: 'prop_editor', disabled: false, user_count: 0, version: 1 });
    expect(role.permissions.sort()).toEqual(['commercialization/edit/prop', 'commercialization/see/prop']);
    expect(body<Role>(await admin.get(`/api/v1/roles/${role.id}`)).data).toEqual(role);
    const sorted = body<List>(await admin.get('/api/v1/roles?sort=-identifier')).data;
    expect(sorted.list.map((r) => r.identifier)).toEqual(
      [...sorted.list.map((r) => r.identifier)].sort().reverse(),
    );
    // ops_gn and ops_gn2 (the demo's second domestic operations member, who asks for the waiting mail).
    expect(sorted.list.find((r) => r.identifier === 'ops_gn')!.user_count).toBe(2);
    expect(body<List>(await admin.get('/api/v1/roles?q=策划')).data.list.map((r) => r.identifier)).toEqual([
      'prop_editor',
    ]);
    expect((await t.logsOf('role', role.id))[0]).toMatchObject({ action: 'create', targetName: '道具策划' });
  });

  it('refuses permissions outside the catalogue, the reserved and taken identifiers, writing nothing', async () => {
    const before = await t.rowCount(roles);
    const unknown = await admin.post('/api/v1/roles', {
      identifier: 'odd',
      name: 'x',
      permissions: ['see/home', 'nope/see/nothing'],
    });
    expect(body(unknown)).toMatchObject({
      code: 400001,
      data: { fields: { 'permissions.1': expect.any(String) } },
    });
    for (const identifier of ['admin', 'ops_gn']) {
      const taken = await admin.post('/api/v1/roles', { identifier, name: 'x' });
      expect(body(taken)).toMatchObject({
        code: 400001,
        data: { fields: { identifier: expect.any(String) } },
      });
    }
    const bad = await admin.post('/api/v1/roles', { identifier: 'Bad Id', name: '' });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual(['identifier', 'name']);
    expect(await t.rowCount(roles)).toBe(before);
  });

  it("changes permissions with the version and renews the holders' access (305004)", async () => {
    const role = await roleNamed('prop_editor');
    const token = await holder('planner_zhao', role.id);
    const res = await admin.put(`/api/v1/roles/${role.id}`, {
      permissions: ['commercialization/see/prop'],
      version: role.version,
    });
    expect(body<Role>(res).data).toMatchObject({
      permissions: ['commercialization/see/prop'],
      version: 2,
      user_count: 1,
    });
    expect(body(await t.app.inject({ url: '/api/v1/notifications', headers: bearer(token) })).code).toBe(
      305004,
    );
    expect(body(await admin.put(`/api/v1/roles/${role.id}`, { name: 'x', version: 1 })).code).toBe(409001);
    const fresh = (await signInAs(t.app, 'planner_zhao', PASSWORD)).user.access_token;
    const planner = t.client(fresh, await t.productIdOf('xianxia'));
    expect(body(await planner.get('/api/v1/props')).code).toBe(0);
    expect(
      body(
        await planner.post('/api/v1/props', {
          code: 'p',
          name: { zh: 'p' },
          type: 'material',
          rarity: 'common',
        }),
      ).code,
    ).toBe(403001);
  });

  it('never changes or deletes the admin role', async () => {
    const adminRole = await roleNamed('admin');
    expect(
      body(await admin.put(`/api/v1/roles/${adminRole.id}`, { name: 'x', version: adminRole.version })).code,
    ).toBe(422001);
    expect(body(await admin.del(`/api/v1/roles/${adminRole.id}`)).code).toBe(422001);
  });

  it('disables a role staff hold instead of deleting it (422001): it grants nothing any more', async () => {
    const role = await roleNamed('prop_editor');
    const refused = await admin.del(`/api/v1/roles/${role.id}`);
    expect(body(refused)).toMatchObject({
      code: 422001,
      data: { disabled: true, used_by: [{ type: 'staff', count: 1 }] },
    });
    expect(body<Role>(await admin.get(`/api/v1/roles/${role.id}`)).data.disabled).toBe(true);
    const { user } = await signInAs(t.app, 'planner_zhao', PASSWORD);
    const grants = await t.app.inject({
      method: 'POST',
      url: '/api/v1/acs/permission/get_all',
      headers: bearer(user.access_token),
      payload: { user_id: user.id },
    });
    expect(body<{ ruixue: unknown[] }>(grants).data.ruixue).toEqual([]);
    const spare = body<Role>(await admin.post('/api/v1/roles', { identifier: 'spare', name: '备用' })).data;
    expect(body(await admin.del(`/api/v1/roles/${spare.id}`)).data).toEqual({ deleted: true });
  });

  it('is for admins only; another CP’s admin never sees these roles (404001)', async () => {
    expect(body(await (await t.signIn('ops_gn')).get('/api/v1/roles')).code).toBe(403001);
    const hwAdmin = await t.signIn(await t.adminOf('ops_hw'));
    const theirs = body<List>(await hwAdmin.get('/api/v1/roles')).data;
    expect(theirs.list.map((r) => r.identifier).sort()).toEqual(['admin', 'ops_hw']);
    const ours = await roleNamed('ops_gn');
    expect(body(await hwAdmin.get(`/api/v1/roles/${ours.id}`)).code).toBe(404001);
    expect(
      body(await hwAdmin.put(`/api/v1/roles/${ours.id}`, { name: 'x', version: ours.version })).code,
    ).toBe(404001);
    expect(body(await hwAdmin.del(`/api/v1/roles/${ours.id}`)).code).toBe(404001);
    const staff = await hwAdmin.post('/api/v1/staff', {
      username: 'hw_new',
      password: PASSWORD,
      role_ids: [ours.id],
    });
    expect(body(staff)).toMatchObject({
      code: 400001,
      data: { fields: { 'role_ids.0': expect.any(String) } },
    });
  });

  it('round-trips through CSV and XLSX', async () => {
    await checkRoundTrip(admin, '/api/v1/roles', {
      row: (r) => r.identifier === 'customer_service',
      column: 'name',
      value: '客服专员',
    });
  });
});

describe('CP settings', () => {
  it("reads and updates the CP's own settings with the version, and logs", async () => {
    const settings = body<CpSettings>(await admin.get('/api/v1/cp-settings')).data;
    expect(settings).toMatchObject({ publish_area: 'gn', gw_domain: 'gw-gn.example.com', version: 1 });
    const res = await admin.put('/api/v1/cp-settings', { gw_domain: 'gw.ruixue.cn', version: 1 });
    expect(body<CpSettings>(res).data).toMatchObject({
      gw_domain: 'gw.ruixue.cn',
      publish_area: 'gn',
      version: 2,
    });
    expect(body(await admin.put('/api/v1/cp-settings', { publish_area: 'hw', version: 1 })).code).toBe(
      409001,
    );
    const bad = await admin.put('/api/v1/cp-settings', {
      gw_domain: 'not a domain',
      publish_area: 'eu',
      version: 2,
    });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'gw_domain',
      'publish_area',
    ]);
    const { user } = await signInAs(t.app, 'admin');
    const config = await t.app.inject({
      url: '/api/v1/acs/cp/get_config',
      headers: bearer(user.access_token),
    });
    expect(body(config).data).toMatchObject({ gw_domain: 'gw.ruixue.cn', publish_area: 'gn' });
    expect((await t.logsOf('cp_settings', settings.id))[0]).toMatchObject({
      action: 'update',
      before: { gw_domain: 'gw-gn.example.com' },
    });
  });

  it('is for admins only, each CP its own', async () => {
    expect(body(await (await t.signIn('ops_gn')).get('/api/v1/cp-settings')).code).toBe(403001);
    const hwAdmin = await t.signIn(await t.adminOf('ops_hw'));
    expect(body<CpSettings>(await hwAdmin.get('/api/v1/cp-settings')).data).toMatchObject({
      publish_area: 'hw',
      gw_domain: 'gw-hw.example.com',
    });
  });
});
