import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_ROLE, allPermissions, type Staff } from '@rx/contracts';
import { validationMessage } from '@rx/contracts/validation';
import { users } from '../../db/schema.ts';
import { bearer, body, records, sheetOf, signInAs, useTestApp } from '../../../test/index.ts';

const t = useTestApp({ product: null });
const admin = t.admin;
let roleId: (identifier: string) => Promise<number>;
beforeAll(async () => {
  roleId = async (identifier) =>
    body<{ list: { id: number; identifier: string }[] }>(
      await admin.get(`/api/v1/roles?q=${identifier}`),
    ).data.list.find((r) => r.identifier === identifier)!.id;
});

type List = { list: Staff[]; total: number };
const NEW_PASSWORD = 'Welcome2025';

describe('staff', () => {
  it('creates staff who must change the initial password, and logs it without the password', async () => {
    const res = await admin.post('/api/v1/staff', {
      username: 'ops_li',
      password: NEW_PASSWORD,
      default_lang: 'zh',
      role_ids: [await roleId('ops_gn')],
    });
    const staff = body<Staff>(res).data;
    expect(staff).toMatchObject({
      username: 'ops_li',
      is_modified_password: 0,
      disabled: false,
      roles: [{ identifier: 'ops_gn' }],
    });
    const { user } = await signInAs(t.app, 'ops_li', NEW_PASSWORD);
    expect(user.is_modified_password).toBe(0);
    // The staff member's own sign-ins are logged about them too.
    const [log] = (await t.logsOf('staff', staff.id)).filter((l) => l.username === 'admin');
    expect(log).toMatchObject({ action: 'create', targetName: 'ops_li' });
    expect(JSON.stringify(log)).not.toContain('scrypt');
    expect(JSON.stringify(log)).not.toContain(NEW_PASSWORD);
  });

  it('says a username left empty is required, not how long it must be (issue 27), writing nothing', async () => {
    const before = await t.rowCount(users);
    for (const username of ['', '   ']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff',
        headers: { ...bearer(t.user.access_token), 'accept-language': 'en' },
        payload: { username, password: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({
        code: 400001,
        data: { fields: { username: validationMessage('required', 'en') } },
      });
    }
    expect(await t.rowCount(users)).toBe(before);
  });

  it('refuses weak passwords, taken usernames (any CP, any case) and foreign roles, writing nothing', async () => {
    const before = await t.rowCount(users);
    const weak = await admin.post('/api/v1/staff', { username: 'weakling', password: 'weakling1' });
    expect(body(weak)).toMatchObject({ code: 400001, data: { fields: { password: expect.any(String) } } });
    const taken = await admin.post('/api/v1/staff', { username: 'OPS_HW', password: NEW_PASSWORD });
    expect(body(taken)).toMatchObject({ code: 400001, data: { fields: { username: expect.any(String) } } });
    const hwRole = (await t.database.db.select().from(users).where(eq(users.username, 'ops_hw')))[0]!;
    expect(hwRole).toBeTruthy();
    const foreign = await admin.post('/api/v1/staff', {
      username: 'roleless',
      password: NEW_PASSWORD,
      role_ids: [999999],
    });
    expect(body(foreign)).toMatchObject({
      code: 400001,
      data: { fields: { 'role_ids.0': expect.any(String) } },
    });
    const bad = await admin.post('/api/v1/staff', { username: 'a', password: '', default_lang: 'xx' });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'default_lang',
      'password',
      'username',
    ]);
    expect(await t.rowCount(users)).toBe(before);
  });

  it('lists with filters and sort, and reads one', async () => {
    const all = body<List>(await admin.get('/api/v1/staff?sort=username&page_size=50')).data;
    expect(all.list.map((s) => s.username)).toEqual([...all.list.map((s) => s.username)].sort());
    expect(all.list.map((s) => s.username)).not.toContain('ops_hw');
    const ops = body<List>(await admin.get(`/api/v1/staff?role_id=${await roleId('ops_gn')}`)).data;
    expect(ops.list.map((s) => s.username).sort()).toEqual(['ops_gn', 'ops_gn2', 'ops_li']);
    expect(body<List>(await admin.get('/api/v1/staff?q=cs_')).data.list.map((s) => s.username)).toEqual([
      'cs_agent',
    ]);
    const one = ops.list[0]!;
    expect(body<Staff>(await admin.get(`/api/v1/staff/${one.id}`)).data).toEqual(one);
  });

  it('assigns roles with the version; the staff member’s access token is then stale (305004)', async () => {
    const { user } = await signInAs(t.app, 'cs_agent');
    const cs = body<List>(await admin.get('/api/v1/staff?q=cs_agent')).data.list[0]!;
    const res = await admin.put(`/api/v1/staff/${cs.id}`, {
      role_ids: [await roleId('customer_service'), await roleId('ops_gn')],
      version: cs.version,
    });
    expect(body<Staff>(res).data.roles.map((r) => r.identifier)).toEqual(['customer_service', 'ops_gn']);
    const stale = await t.app.inject({ url: '/api/v1/notifications', headers: bearer(user.access_token) });
    expect(body(stale).code).toBe(305004);
    expect(
      body(await admin.put(`/api/v1/staff/${cs.id}`, { default_lang: 'en', version: cs.version })).code,
    ).toBe(409001);
    const self = body<List>(await admin.get('/api/v1/staff?q=admin')).data.list.find(
      (s) => s.username === 'admin',
    )!;
    expect(
      body(await admin.put(`/api/v1/staff/${self.id}`, { role_ids: [], version: self.version })).code,
    ).toBe(422001);
  });

  it('disables (sign-ins end), enables, and resets the password', async () => {
    const created = body<Staff>(
      await admin.post('/api/v1/staff', { username: 'temp_wang', password: NEW_PASSWORD }),
    ).data;
    const { user } = await signInAs(t.app, 'temp_wang', NEW_PASSWORD);
    expect(body<Staff>(await admin.post(`/api/v1/staff/${created.id}/disable`)).data.disabled).toBe(true);
    expect(
      body(await t.app.inject({ url: '/api/v1/notifications', headers: bearer(user.access_token) })).code,
    ).toBe(305001);
    expect(body<Staff>(await admin.post(`/api/v1/staff/${created.id}/enable`)).data.disabled).toBe(false);

    const weak = await admin.post(`/api/v1/staff/${created.id}/reset-password`, { password: 'short' });
    expect(body(weak)).toMatchObject({ code: 400001, data: { fields: { password: expect.any(String) } } });
    const reset = await admin.post(`/api/v1/staff/${created.id}/reset-password`, { password: 'Another2025' });
    expect(body<Staff>(reset).data.is_modified_password).toBe(0);
    await expect(signInAs(t.app, 'temp_wang', NEW_PASSWORD)).rejects.toThrow();
    await signInAs(t.app, 'temp_wang', 'Another2025');
    const byAdmin = (await t.logsOf('staff', created.id)).filter((l) => l.username === 'admin');
    expect(byAdmin.map((l) => l.action)).toEqual(['reset_password', 'enable', 'disable', 'create']);
  });

  it('deletes unused accounts; one the operation log names is disabled (422001); never oneself', async () => {
    const fresh = body<Staff>(
      await admin.post('/api/v1/staff', { username: 'never_used', password: NEW_PASSWORD }),
    ).data;
    expect(body(await admin.del(`/api/v1/staff/${fresh.id}`)).data).toEqual({ deleted: true });
    const ops = body<List>(await admin.get('/api/v1/staff?q=ops_gn')).data.list.find(
      (s) => s.username === 'ops_gn',
    )!;
    await signInAs(t.app, 'ops_gn');
    const refused = await admin.del(`/api/v1/staff/${ops.id}`);
    expect(body(refused)).toMatchObject({ code: 422001, data: { used_by: [{ type: 'operation_log' }] } });
    expect(body<Staff>(await admin.get(`/api/v1/staff/${ops.id}`)).data.disabled).toBe(true);
    const self = body<List>(await admin.get('/api/v1/staff?q=admin')).data.list.find(
      (s) => s.username === 'admin',
    )!;
    expect(body(await admin.del(`/api/v1/staff/${self.id}`)).code).toBe(422001);
    expect(body(await admin.post(`/api/v1/staff/${self.id}/disable`)).code).toBe(422001);
  });

  it('is for admins only; another CP’s admin never sees these staff (404001)', async () => {
    const cs = await t.signIn('cs_agent');
    expect(body(await cs.get('/api/v1/staff')).code).toBe(403001);
    const hwAdmin = await t.signIn(await t.adminOf('ops_hw'));
    const theirs = body<List>(await hwAdmin.get('/api/v1/staff?page_size=100')).data;
    expect(theirs.list.map((s) => s.username)).toContain('ops_hw');
    expect(theirs.list.map((s) => s.username)).not.toContain('admin');
    const gnStaff = body<List>(await admin.get('/api/v1/staff?q=cs_agent')).data.list[0]!;
    expect(body(await hwAdmin.get(`/api/v1/staff/${gnStaff.id}`)).code).toBe(404001);
    expect(
      body(await hwAdmin.put(`/api/v1/staff/${gnStaff.id}`, { default_lang: 'en', version: gnStaff.version }))
        .code,
    ).toBe(404001);
    expect(body(await hwAdmin.post(`/api/v1/staff/${gnStaff.id}/disable`)).code).toBe(404001);
    expect(body(await hwAdmin.del(`/api/v1/staff/${gnStaff.id}`)).code).toBe(404001);
  });

  it('needs the admin role, not a permission: every permission (even one named admin) is refused', async () => {
    const holder = await t.staff([...allPermissions(), ADMIN_ROLE], null);
    const cs = body<List>(await admin.get('/api/v1/staff?q=cs_agent')).data.list[0]!;
    const role = await roleId('customer_service');
    const refused = [
      await holder.get('/api/v1/staff'),
      await holder.get(`/api/v1/staff/${cs.id}`),
      await holder.post('/api/v1/staff', { username: 'not_made', password: NEW_PASSWORD }),
      await holder.put(`/api/v1/staff/${cs.id}`, { default_lang: 'en', version: cs.version }),
      await holder.post(`/api/v1/staff/${cs.id}/disable`),
      await holder.post(`/api/v1/staff/${cs.id}/reset-password`, { password: NEW_PASSWORD }),
      await holder.del(`/api/v1/staff/${cs.id}`),
      await holder.get('/api/v1/staff/export?format=csv'),
      await holder.get('/api/v1/roles'),
      await holder.get(`/api/v1/roles/${role}`),
      await holder.del(`/api/v1/roles/${role}`),
      await holder.get('/api/v1/roles/export?format=csv'),
      await holder.get('/api/v1/cp-settings'),
    ];
    expect(refused.map((res) => body(res).code)).toEqual(refused.map(() => 403001));
    expect(body<Staff>(await admin.get(`/api/v1/staff/${cs.id}`)).data.version).toBe(cs.version);
  });

  it('exports CSV and XLSX (no import: each account gets its own initial password)', async () => {
    for (const format of ['csv', 'xlsx']) {
      const rows = records(
        await sheetOf(await admin.get(`/api/v1/staff/export?format=${format}&q=cs_agent`)),
      );
      expect(rows).toEqual([
        expect.objectContaining({ username: 'cs_agent', roles: 'customer_service|ops_gn' }),
      ]);
    }
    expect((await admin.upload('/api/v1/staff/import', 'username\r\n')).statusCode).toBe(404);
  });
});
