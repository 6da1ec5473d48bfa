import { describe, expect, it } from 'vitest';
import {
  bugsResource,
  testAccountsResource,
  testPlansResource,
  type AppRelease,
  type Bug,
  type BugAssignee,
  type BugComment,
  type GameVersionCheck,
  type TestCase,
  type TestPlan,
  type TestRun,
  type VersionAdoption,
} from '@rx/contracts';
import {
  body,
  describeResource,
  signIn,
  useTestApp,
  type Client,
  type TestContext,
} from '../../../test/index.ts';
import { bugs, testRuns } from './tables.ts';

// The shared behaviour of the three resources (each suite its own app and versions).
const setupRelease = (ids: number[]) => async (ctx: TestContext) => {
  const as = await signIn(ctx, 'admin', 'xianxia');
  const res = await as.post('/api/v1/app-releases', {
    platform: 'pc',
    channel: 'plans',
    version_name: '3.0.0',
    version_code: 3000,
  });
  ids.push(body<AppRelease>(res).data.id);
};
const planReleases: number[] = [];
describeResource(testPlansResource, {
  setup: setupRelease(planReleases),
  sample: (n) => ({ name: `Smoke ${n}`, release_id: planReleases[0] }),
  change: { description: 'changed' },
  invalid: { body: { name: '', release_id: 1 }, field: 'name' },
  roundTrip: { column: 'description', value: 'edited in the sheet' },
});
describeResource(testAccountsResource, {
  sample: (n) => ({ kind: 'openid', value: `tester-${n}` }),
  change: { note: 'changed' },
  invalid: { body: { kind: 'email', value: 'x' }, field: 'kind' },
  roundTrip: { column: 'note', value: 'edited in the sheet' },
});
describeResource(bugsResource, {
  sample: (n) => ({ title: `Crash ${n}`, severity: 'major' }),
  change: { priority: 'high' },
  invalid: { body: { title: 'x', severity: 'fatal' }, field: 'severity' },
  roundTrip: { column: 'steps', value: 'edited in the sheet' },
});

const t = useTestApp();
const admin = t.admin;

let nextCode = 5000;
async function release(channel: string): Promise<AppRelease> {
  const res = await admin.post('/api/v1/app-releases', {
    platform: 'android',
    channel,
    version_name: '2.0.0',
    version_code: (nextCode += 10),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<AppRelease>(res).data;
}

async function plan(channel: string, as: Client = admin): Promise<TestPlan> {
  const version = await release(channel);
  const res = await as.post('/api/v1/test-plans', { name: `Plan ${channel}`, release_id: version.id });
  expect(res.statusCode, res.body).toBe(200);
  return body<TestPlan>(res).data;
}

async function addCase(p: TestPlan, title: string, as: Client = admin): Promise<TestCase> {
  const res = await as.post(`/api/v1/test-plans/${p.id}/cases`, {
    title,
    steps: '1. Open the shop\n2. Buy a pack',
    expected: 'The pack arrives',
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<TestCase>(res).data;
}

const run = (p: TestPlan, fields: Record<string, unknown>, as: Client = admin) =>
  as.post(`/api/v1/test-plans/${p.id}/runs`, fields);

const planNow = async (p: TestPlan) => body<TestPlan>(await admin.get(`/api/v1/test-plans/${p.id}`)).data;
const bugNow = async (id: number) => body<Bug>(await admin.get(`/api/v1/bugs/${id}`)).data;

/** A staff member holding `permissions`, signed in, with their id (as the assignee list names them). */
async function member(permissions: string[]): Promise<{ as: Client; id: number; username: string }> {
  const username = await t.staffWith(permissions);
  const as = await t.signIn(username);
  const list = body<BugAssignee[]>(await admin.get('/api/v1/bugs/assignees')).data;
  const found = list.find((u) => u.username === username);
  expect(found, username).toBeTruthy();
  return { as, id: found!.id, username };
}

describe('test management', () => {
  it('keeps cases and runs under a plan; progress counts each case by its latest run', async () => {
    const p = await plan('progress');
    expect(p).toMatchObject({ platform: 'android', channel: 'progress', version_name: '2.0.0' });
    // The version under test stays while a plan names it.
    expect(body(await admin.del(`/api/v1/app-releases/${p.release_id}`)).code).toBe(422001);
    const [a, b, c] = [await addCase(p, 'Buy'), await addCase(p, 'Sign in'), await addCase(p, 'Chat')];
    expect((await planNow(p)).progress).toEqual({ cases: 3, pass: 0, fail: 0, blocked: 0, untested: 3 });
    expect(
      body(await run(p, { case_id: a.id, result: 'pass', evidence: ['/files/AAAAAAAAAAAAAAAAAAAAAA'] })).code,
    ).toBe(0);
    expect(body(await run(p, { case_id: b.id, result: 'blocked', note: 'No server' })).code).toBe(0);
    // The latest run counts: blocked, then passed.
    expect(body(await run(p, { case_id: b.id, result: 'pass' })).code).toBe(0);
    expect((await planNow(p)).progress).toEqual({ cases: 3, pass: 2, fail: 0, blocked: 0, untested: 1 });
    const cases = body<{ list: TestCase[] }>(await admin.get(`/api/v1/test-plans/${p.id}/cases`)).data.list;
    expect(cases.map((x) => [x.id, x.last_result, x.last_run_by])).toEqual([
      [a.id, 'pass', 'admin'],
      [b.id, 'pass', 'admin'],
      [c.id, null, ''],
    ]);
    const runs = body<{ list: TestRun[]; total: number }>(
      await admin.get(`/api/v1/test-plans/${p.id}/runs?case_id=${b.id}`),
    ).data;
    expect(runs.total).toBe(2);
    expect(runs.list.map((r) => r.result)).toEqual(['pass', 'blocked']);
    expect(runs.list[1]).toMatchObject({ note: 'No server', case_title: 'Sign in', run_by: 'admin' });
    // A case edits with its version; a stale one is refused; a case of another plan is not found.
    const edited = await admin.put(`/api/v1/test-plans/${p.id}/cases/${c.id}`, {
      title: 'Chat room',
      version: c.version,
    });
    expect(body<TestCase>(edited).data).toMatchObject({ title: 'Chat room', version: c.version + 1 });
    expect(
      body(await admin.put(`/api/v1/test-plans/${p.id}/cases/${c.id}`, { title: 'x', version: c.version }))
        .code,
    ).toBe(409001);
    const other = await plan('progress-other');
    expect(body(await run(other, { case_id: a.id, result: 'pass' })).code).toBe(404001);
    expect((await t.logsOf('test_case', a.id)).map((l) => l.action)).toEqual(
      expect.arrayContaining(['create', 'run']),
    );
  });

  it('refuses bad runs field by field and records nothing', async () => {
    const p = await plan('bad-runs');
    const c = await addCase(p, 'Buy');
    const before = await t.rowCount(testRuns);
    const res = await run(p, {
      case_id: c.id,
      result: 'passed',
      evidence: ['javascript:alert(1)'],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(res).data.fields).sort()).toEqual(['evidence.0', 'result']);
    expect(body(await run(p, { case_id: c.id, result: 'pass', note: 'a\u0000b' })).code).toBe(400001);
    expect(body(await admin.post(`/api/v1/test-plans/${p.id}/cases`, { title: '' })).code).toBe(400001);
    expect(body(await admin.post('/api/v1/test-plans', { name: 'x', release_id: 999999 })).code).toBe(400001);
    expect(await t.rowCount(testRuns)).toBe(before);
  });

  it('opens a bug linked to a failed run, found in the plan’s version; the assignee is told in the bell', async () => {
    const tester = await member([bugsResource.permissions.see, bugsResource.permissions.edit]);
    const p = await plan('fails');
    const c = await addCase(p, 'Buy a pack');
    const res = await run(p, {
      case_id: c.id,
      result: 'fail',
      note: 'The pack never arrives',
      evidence: ['/files/BBBBBBBBBBBBBBBBBBBBBB'],
      assignee_id: tester.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const failed = body<TestRun>(res).data;
    expect(failed.bug_id).toBeTruthy();
    const bug = await bugNow(failed.bug_id!);
    expect(bug).toMatchObject({
      title: 'Buy a pack',
      status: 'active',
      run_id: failed.id,
      plan_id: p.id,
      found_release_id: p.release_id,
      assignee_id: tester.id,
      attachments: ['/files/BBBBBBBBBBBBBBBBBBBBBB'],
    });
    expect(bug.found_version?.name).toContain('2.0.0');
    expect(bug.steps).toContain('The pack never arrives');
    expect((await planNow(p)).progress).toMatchObject({ fail: 1, untested: 0 });
    const bell = body<{ list: { title: string; link: string }[] }>(
      await tester.as.get('/api/v1/notifications'),
    ).data.list;
    expect(bell.find((n) => n.link === `/product/product-fe/bug-manage?bug=${bug.id}`)?.title).toContain(
      `#${bug.id}`,
    );
    // Someone who cannot see bugs is no assignee: refused, and no run is kept.
    const outsider = await member([bugsResource.permissions.see]);
    const nobody = await t.staffWith([testPlansResource.permissions.see]);
    const list = body<BugAssignee[]>(await admin.get('/api/v1/bugs/assignees')).data;
    expect(list.some((u) => u.username === nobody)).toBe(false);
    expect(outsider.id).toBeGreaterThan(0);
    const before = await t.rowCount(testRuns);
    const refused = await run(p, { case_id: c.id, result: 'fail', assignee_id: 2_000_000 });
    expect(body<{ fields: Record<string, string> }>(refused).data.fields).toHaveProperty('assignee_id');
    expect(await t.rowCount(testRuns)).toBe(before);
  });

  it('lets test accounts pass maintenance in the version check', async () => {
    const key = await t.gameKey();
    const check = async (query: string) =>
      body<GameVersionCheck>(await t.signedCall(key, 'GET', `/api/game/v1/version/check?${query}`)).data;
    const notice = body<{ id: number; version: number }>(
      await admin.post('/api/v1/announcements', {
        type: 'maintenance',
        title: { zh: '停服维护', en: 'Maintenance' },
        body: { zh: '<p>稍后回来</p>' },
      }),
    ).data;
    expect(
      (
        await admin.post(`/api/v1/announcements/${notice.id}/publish`, {
          version: notice.version,
          reason: '',
        })
      ).statusCode,
    ).toBe(200);
    const q = 'platform=android&channel=maint&version_code=1&lang=en';
    expect((await check(`${q}&openid=player-1`)).maintenance).toMatchObject({ title: 'Maintenance' });
    for (const account of [
      { kind: 'openid', value: 'qa-openid' },
      { kind: 'device', value: 'qa-device' },
    ])
      expect(body(await admin.post('/api/v1/test-accounts', account)).code).toBe(0);
    expect(await check(`${q}&openid=qa-openid`)).toMatchObject({ maintenance: null, test_account: true });
    expect(await check(`${q}&device_id=qa-device`)).toMatchObject({ maintenance: null, test_account: true });
    expect(await check(`${q}&openid=player-1&device_id=other`)).toMatchObject({ test_account: false });
    // A duplicate account is refused on its value; another game's accounts do not count.
    expect(body(await admin.post('/api/v1/test-accounts', { kind: 'openid', value: 'qa-openid' })).code).toBe(
      400001,
    );
    const tankwar = await t.signIn('admin', 'tankwar');
    expect(body(await tankwar.post('/api/v1/test-accounts', { kind: 'openid', value: 'tank-qa' })).code).toBe(
      0,
    );
    expect((await check(`${q}&openid=tank-qa`)).test_account).toBe(false);
  });
});

describe('bugs', () => {
  const create = async (fields: Record<string, unknown> = {}, as: Client = admin) => {
    const res = await as.post('/api/v1/bugs', { title: 'Crash on start', severity: 'critical', ...fields });
    expect(res.statusCode, res.body).toBe(200);
    return body<Bug>(res).data;
  };
  const act = (bug: Bug, action: string, fields: Record<string, unknown> = {}, as: Client = admin) =>
    as.post(`/api/v1/bugs/${bug.id}/${action}`, { version: bug.version, ...fields });

  it('moves active → resolved → closed; reopening is counted and tells the assignee', async () => {
    const dev = await member([bugsResource.permissions.see, bugsResource.permissions.edit]);
    const found = await release('bug-found');
    const fixed = await release('bug-fixed');
    let bug = await create({
      assignee_id: dev.id,
      found_release_id: found.id,
      priority: 'urgent',
      steps: 'Open the app',
    });
    expect(bug).toMatchObject({
      status: 'active',
      resolution: null,
      reopen_count: 0,
      assignee: dev.username,
    });
    // Closing an active bug is not offered.
    expect(body<{ allowed: string[] }>(await act(bug, 'close')).code).toBe(422001);
    const resolved = await act(bug, 'resolve', {
      resolution: 'fixed',
      fixed_release_id: fixed.id,
      note: 'Patched',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    bug = body<Bug>(resolved).data;
    expect(bug).toMatchObject({ status: 'resolved', resolution: 'fixed', fixed_release_id: fixed.id });
    expect(bug.resolved_at).toBeTruthy();
    bug = body<Bug>(await act(bug, 'close')).data;
    expect(bug).toMatchObject({ status: 'closed' });
    expect(bug.closed_at).toBeTruthy();
    bug = body<Bug>(await act(bug, 'reopen', { note: 'Still crashes' })).data;
    expect(bug).toMatchObject({ status: 'active', resolution: null, reopen_count: 1, closed_at: null });
    bug = body<Bug>(await act(bug, 'resolve', { resolution: 'cannot_reproduce' })).data;
    bug = body<Bug>(await act(bug, 'reopen')).data;
    expect(bug.reopen_count).toBe(2);
    // A stale version is refused.
    expect(body(await act({ ...bug, version: 1 }, 'resolve', { resolution: 'fixed' })).code).toBe(409001);
    const thread = body<{ list: BugComment[] }>(await admin.get(`/api/v1/bugs/${bug.id}/comments`)).data.list;
    expect(thread.map((c) => c.kind)).toEqual(['resolve', 'close', 'reopen', 'resolve', 'reopen']);
    expect(thread[2]).toMatchObject({ body: 'Still crashes', created_by: 'admin' });
    const bell = body<{ list: { title: string; link: string }[] }>(await dev.as.get('/api/v1/notifications'))
      .data.list;
    const mine = bell.filter((n) => n.link === `/product/product-fe/bug-manage?bug=${bug.id}`);
    // Assigned once, reopened twice.
    expect(mine).toHaveLength(3);
    expect((await t.logsOf('bug', bug.id)).map((l) => l.action)).toEqual(
      expect.arrayContaining(['create', 'resolve', 'close', 'reopen']),
    );
  });

  it('asks a duplicate for the bug it repeats; takes comments; refuses references outside the game', async () => {
    const first = await create();
    const second = await create();
    const noOriginal = await act(second, 'resolve', { resolution: 'duplicate' });
    expect(body<{ fields: Record<string, string> }>(noOriginal).data.fields).toHaveProperty('duplicate_of');
    const itself = await act(second, 'resolve', { resolution: 'duplicate', duplicate_of: second.id });
    expect(body<{ fields: Record<string, string> }>(itself).data.fields).toHaveProperty('duplicate_of');
    const dup = body<Bug>(
      await act(second, 'resolve', { resolution: 'duplicate', duplicate_of: first.id }),
    ).data;
    expect(dup).toMatchObject({ status: 'resolved', resolution: 'duplicate', duplicate_of: first.id });
    const comment = await admin.post(`/api/v1/bugs/${first.id}/comments`, { body: 'Seen on Android 14 too' });
    expect(body<BugComment>(comment).data).toMatchObject({ kind: 'comment', body: 'Seen on Android 14 too' });
    expect(body(await admin.post(`/api/v1/bugs/${first.id}/comments`, { body: '' })).code).toBe(400001);
    const hw = await t.signIn('ops_hw', 'dawn');
    const hwRelease = body<AppRelease>(
      await hw.post('/api/v1/app-releases', { platform: 'ios', version_name: '1.0.0', version_code: 1 }),
    ).data;
    const before = await t.rowCount(bugs);
    const refused = await admin.post('/api/v1/bugs', {
      title: 'x',
      severity: 'minor',
      found_release_id: hwRelease.id,
    });
    expect(body<{ fields: Record<string, string> }>(refused).data.fields).toHaveProperty('found_release_id');
    expect(await t.rowCount(bugs)).toBe(before);
    // Another CP never sees, moves or comments on the bug.
    expect(body(await hw.get(`/api/v1/bugs/${first.id}`)).code).toBe(404001);
    expect(
      body(await hw.post(`/api/v1/bugs/${first.id}/resolve`, { version: 1, resolution: 'fixed' })).code,
    ).toBe(404001);
    expect(body(await hw.get(`/api/v1/bugs/${first.id}/comments`)).code).toBe(404001);
  });

  it('needs the edit permission to move, comment on or run', async () => {
    const bug = await create();
    const viewer = await t.staff([bugsResource.permissions.see, testPlansResource.permissions.see]);
    expect(body(await viewer.get(`/api/v1/bugs/${bug.id}`)).code).toBe(0);
    expect(body(await act(bug, 'resolve', { resolution: 'fixed' }, viewer)).code).toBe(403001);
    expect(body(await viewer.post(`/api/v1/bugs/${bug.id}/comments`, { body: 'hi' })).code).toBe(403001);
    const p = await plan('perm');
    const c = await addCase(p, 'Buy');
    expect(body(await run(p, { case_id: c.id, result: 'pass' }, viewer)).code).toBe(403001);
    expect(body(await viewer.post(`/api/v1/test-plans/${p.id}/cases`, { title: 'x' })).code).toBe(403001);
    expect(body(await viewer.get(`/api/v1/test-plans/${p.id}/cases`)).code).toBe(0);
  });
});

describe('adoption per version', () => {
  it('counts players signing in per version and day from what games report; needs the log page', async () => {
    const key = await t.gameKey();
    const now = Date.now();
    const iso = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
    const login = (n: number, version: string, daysAgo: number) => ({
      type: 'login',
      event_id: `adopt-${n}-${version}-${daysAgo}`,
      openid: `adopt-${n}`,
      at: iso(daysAgo),
      app_version: version,
    });
    const events = [
      ...[1, 2, 3].map((n) => login(n, '2.1.0', 0)),
      login(1, '2.1.0', 0),
      login(4, '2.0.0', 0),
      login(4, '2.0.0', 1),
      login(5, '2.0.0', 1),
      login(6, '1.9.0', 30),
    ];
    const res = await t.signedCall(key, 'POST', '/api/game/v1/players/events', { events });
    expect(res.statusCode, res.body).toBe(200);
    const answer = body<VersionAdoption>(await admin.get('/api/v1/version-logs/adoption?days=7')).data;
    expect(answer.days).toHaveLength(7);
    expect(answer.days.at(-1)).toBe(new Date(now).toISOString().slice(0, 10));
    const of = (version: string) => answer.versions.find((v) => v.version === version)?.players;
    // Distinct players: the player signing in twice on 2.1.0 today counts once.
    expect(of('2.1.0')?.at(-1)).toBe(3);
    expect(of('2.0.0')?.slice(-2)).toEqual([2, 1]);
    expect(of('1.9.0')).toBeUndefined();
    expect(answer.total.slice(-2)).toEqual([2, 4]);
    expect(answer.other).toBeNull();
    expect(body(await admin.get('/api/v1/version-logs/adoption?days=91')).code).toBe(400001);
    const outsider = await t.staff([bugsResource.permissions.see]);
    expect(body(await outsider.get('/api/v1/version-logs/adoption')).code).toBe(403001);
  });
});
