import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationLog } from '@rx/contracts';
import { operationLogsResource } from '@rx/contracts/operation-logs';
import { useTestApp } from '../../../test/index.ts';
import { body, records, sheetOf, signIn, staffWith } from '../../../test/api.ts';

const t = useTestApp();
const admin = t.admin;
let started: string;
beforeAll(async () => {
  started = new Date(Date.now() - 1000).toISOString();
  // A few writes by two staff members of the domestic CP and one of the overseas CP.
  await admin.post('/api/v1/products', {
    code: 'logged',
    name: '日志产品',
    platforms: ['ios'],
    region: 'gn',
  });
  await admin.post('/api/v1/channels', { code: 'logged', name: '日志渠道', kind: 'web' });
  const ops = await signIn(t, 'ops_gn', 'xianxia');
  await ops.post('/api/v1/channels', { code: 'ops_made', name: '运营渠道', kind: 'store' });
  const hw = await signIn(t, 'ops_hw', 'dawn');
  await hw.post('/api/v1/channels', { code: 'overseas', name: 'Overseas', kind: 'web' });
});

type List = { list: OperationLog[]; total: number };

describe('operation logs', () => {
  it('lists newest first with filters on staff, action, target type and time', async () => {
    // Sign-ins are logged too; the writes are the `create` entries.
    const signIns = body<List>(await admin.get('/api/v1/operation-logs?action=sign_in')).data;
    expect(signIns.list.map((l) => l.username).sort()).toEqual(['admin', 'ops_gn']);
    const all = body<List>(await admin.get('/api/v1/operation-logs?action=create')).data;
    expect(all.total).toBe(3);
    expect(all.list.map((l) => l.target_name)).toEqual(['运营渠道', '日志渠道', '日志产品']);
    expect(all.list[0]).toMatchObject({
      username: 'ops_gn',
      action: 'create',
      target_type: 'channel',
      ip: expect.any(String),
    });
    expect(all.list[0]!.after).toMatchObject({ code: 'ops_made' });

    const byStaff = body<List>(await admin.get('/api/v1/operation-logs?username=ops&action=create')).data;
    expect(byStaff.list.map((l) => l.username)).toEqual(['ops_gn']);
    const byId = body<List>(await admin.get(`/api/v1/operation-logs?user_id=${all.list[1]!.user_id}`)).data;
    expect(new Set(byId.list.map((l) => l.username))).toEqual(new Set(['admin']));
    const channelsOnly = body<List>(
      await admin.get('/api/v1/operation-logs?target_type=channel&action=create&sort=id'),
    ).data;
    expect(channelsOnly.list.map((l) => l.target_name)).toEqual(['日志渠道', '运营渠道']);
    const window = `from=${encodeURIComponent(started)}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;
    expect(body<List>(await admin.get(`/api/v1/operation-logs?action=create&${window}`)).data.total).toBe(3);
    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect(body<List>(await admin.get(`/api/v1/operation-logs?from=${future}`)).data.total).toBe(0);
    expect(body(await admin.get('/api/v1/operation-logs?from=yesterday')).code).toBe(400001);
  });

  it('reads the changes staff made apart from their sign-ins (the two tabs of the page)', async () => {
    const sessions = body<List>(await admin.get('/api/v1/operation-logs?kind=sessions&page_size=100')).data;
    expect(sessions.total).toBeGreaterThanOrEqual(2);
    expect(new Set(sessions.list.map((l) => l.action))).toEqual(new Set(['sign_in', 'link_login']));
    const changes = body<List>(await admin.get('/api/v1/operation-logs?kind=changes&page_size=100')).data;
    expect(changes.list.some((l) => l.action === 'create')).toBe(true);
    expect(changes.list.filter((l) => l.action === 'sign_in' || l.action === 'link_login')).toEqual([]);
    const everything = body<List>(await admin.get('/api/v1/operation-logs?page_size=1')).data;
    expect(everything.total).toBe(sessions.total + changes.total);
    // A sign-in asked for on the changes tab is not there; an unknown tab is refused.
    expect(body<List>(await admin.get('/api/v1/operation-logs?kind=changes&action=sign_in')).data.total).toBe(
      0,
    );
    expect(body(await admin.get('/api/v1/operation-logs?kind=logins')).code).toBe(400001);
  });

  it('reads one entry; never another CP’s; is read-only', async () => {
    const [entry] = body<List>(await admin.get('/api/v1/operation-logs?page_size=1&action=create')).data.list;
    expect(body<OperationLog>(await admin.get(`/api/v1/operation-logs/${entry!.id}`)).data).toEqual(entry);
    const hw = await signIn(t, 'ops_hw');
    const theirs = body<List>(await hw.get('/api/v1/operation-logs?page_size=100')).data;
    expect(theirs.list.filter((l) => l.action === 'create').map((l) => l.target_name)).toEqual(['Overseas']);
    expect(theirs.list.every((l) => l.username === 'ops_hw')).toBe(true);
    expect(body(await hw.get(`/api/v1/operation-logs/${entry!.id}`)).code).toBe(404001);
    expect((await admin.post('/api/v1/operation-logs', {})).statusCode).toBe(404);
    expect((await admin.del(`/api/v1/operation-logs/${entry!.id}`)).statusCode).toBe(404);
  });

  it('needs its page permission, and the export one to export', async () => {
    expect(body(await (await signIn(t, 'cs_agent')).get('/api/v1/operation-logs')).code).toBe(403001);
    const { see, export: exportLog } = operationLogsResource.permissions;
    const viewer = await signIn(t, await staffWith(t, [see]));
    expect(body(await viewer.get('/api/v1/operation-logs')).code).toBe(0);
    expect(body(await viewer.get('/api/v1/operation-logs/export')).code).toBe(403001);
    const exporter = await signIn(t, await staffWith(t, [see, exportLog]));
    expect((await exporter.get('/api/v1/operation-logs/export?format=csv')).statusCode).toBe(200);
  });

  it('exports the filtered entries as CSV and XLSX, and logs the export', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await admin.get(`/api/v1/operation-logs/export?format=${format}&target_type=channel`);
      expect(res.statusCode).toBe(200);
      const rows = records(await sheetOf(res));
      expect(rows.map((r) => r.target_name)).toEqual(['日志渠道', '运营渠道']);
      expect(JSON.parse(rows[1]!.after!)).toMatchObject({ code: 'ops_made', kind: 'store' });
      expect(rows[0]).toMatchObject({ username: 'admin', action: 'create', before: '' });
    }
    const exports = body<List>(await admin.get('/api/v1/operation-logs?action=export')).data;
    expect(exports.list[0]).toMatchObject({
      target_type: 'operation-logs',
      after: { format: 'xlsx', filters: { target_type: 'channel' } },
    });
  });

  // Last: its channel would join the channel entries the tests above count.
  it('names a chat or friend access target by region and channel, and a sign-in by who signed in', async () => {
    const channel = body<{ id: number }>(
      await admin.post('/api/v1/channels', { code: 'scoped', name: '范围渠道', kind: 'web' }),
    ).data;
    const chat = { world: true, private: true, guild: false, daily_messages: 0 };
    const friend = { add: true, gifting: false, daily_requests: 0, daily_gifts: 0 };
    for (const policy of [
      { kind: 'chat', region: 'gn', channel_id: channel.id, chat },
      { kind: 'friend', region: 'hw', friend },
    ]) {
      expect(body(await admin.post('/api/v1/social-access', policy)).code).toBe(0);
    }
    await admin.post('/api/v1/social-access/kill-switch', { region: 'gn', kind: 'chat', on: true });

    const chatLogs = body<List>(await admin.get('/api/v1/operation-logs?target_type=chat_access')).data;
    expect(chatLogs.list.map((l) => [l.action, l.target_scope])).toEqual([
      ['kill_switch_on', { region: 'gn', channel: null }],
      ['create', { region: 'gn', channel: '范围渠道' }],
    ]);
    const friendLogs = body<List>(await admin.get('/api/v1/operation-logs?target_type=friend_access')).data;
    expect(friendLogs.list[0]!.target_scope).toEqual({ region: 'hw', channel: null });
    const [one] = chatLogs.list;
    expect(body<OperationLog>(await admin.get(`/api/v1/operation-logs/${one!.id}`)).data).toEqual(one);
    // Other targets have no scope.
    const created = body<List>(
      await admin.get('/api/v1/operation-logs?action=create&target_type=channel'),
    ).data;
    expect(created.list.every((l) => l.target_scope === null)).toBe(true);

    const signIns = body<List>(await admin.get('/api/v1/operation-logs?action=sign_in&username=admin')).data;
    expect(signIns.list[0]).toMatchObject({ target_type: 'staff', target_name: 'admin' });
  });
});
