import { describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { products } from '../../db/schema.ts';
import {
  announcementsResource,
  type Announcement,
  type AnnouncementCreate,
  type ApprovalPending,
  type GameNotice,
} from '@rx/contracts';
import { schedules } from '../../db/jobs.ts';
import { body, signGameRequest, signInAs, useTestApp } from '../../../test/index.ts';
import { noticeLifecycle } from './lifecycle.ts';
import { announcements } from './tables.ts';
import { userGroupMembers, userGroups } from '../user-groups/tables.ts';
import { players } from '../players/tables.ts';

// The scheduler's moves, called directly.
const { startDue: publishDue, endDue } = noticeLifecycle;

const t = useTestApp({ gameKey: 'notices' });
const admin = t.admin;
const perms = announcementsResource.permissions;

const hour = 3600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/** A draft notice of this test (a title of its own, so tests never see each other's). */
async function draft(fields: Partial<AnnouncementCreate> = {}, api = admin): Promise<Announcement> {
  const res = await api.post('/api/v1/announcements', {
    type: 'board',
    title: { zh: `公告 ${Math.random().toString(36).slice(2, 8)}`, en: 'Notice' },
    body: { zh: '<p>正文</p>', en: '<p>Body</p>' },
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<Announcement>(res).data;
}

async function act(notice: Announcement, action: string, api = admin, reason = '') {
  return api.post(`/api/v1/announcements/${notice.id}/${action}`, { version: notice.version, reason });
}

/** What the game API answers a player (signed as a game server signs). */
async function notices(query: string, headers: Record<string, string> = {}) {
  const url = `/api/game/v1/notices?${query}`;
  return t.app.inject({ method: 'GET', url, headers: { ...signGameRequest(t.key, { url }), ...headers } });
}
const noticeIds = async (query: string) =>
  body<{ notices: GameNotice[] }>(await notices(query)).data.notices.map((n) => n.id);

describe('announcements', () => {
  it('refuses bad input field by field and stores nothing', async () => {
    const before = body<{ total: number }>(await admin.get('/api/v1/announcements')).data.total;
    const res = await admin.post('/api/v1/announcements', {
      type: 'popup',
      title: { zh: '' },
      min_version: 'v2',
      priority: 5000,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(res).data.fields).sort()).toEqual(
      ['min_version', 'priority', 'title.zh', 'type'].sort(),
    );
    // Rules across fields: a click needs a proper target, the window ends after it starts, versions in order.
    const crossed = await admin.post('/api/v1/announcements', {
      type: 'board',
      title: { zh: '活动' },
      click_action: 'url',
      click_target: 'javascript:alert(1)',
      start_at: at(2 * hour),
      end_at: at(hour),
      min_version: '2.0',
      max_version: '1.9.9',
    });
    expect(crossed.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(crossed).data.fields).sort()).toEqual(
      ['click_target', 'end_at', 'max_version'].sort(),
    );
    expect(body<{ total: number }>(await admin.get('/api/v1/announcements')).data.total).toBe(before);
  });

  it('keeps the body through the shared sanitiser', async () => {
    const notice = await draft({
      body: { zh: '<p>hi<script>alert(1)</script><a href="&#x2000;javascript:alert(1)">x</a></p>' },
    });
    expect(notice.body.zh).not.toMatch(/script|javascript/i);
    expect(notice.body.zh).toContain('hi');
  });

  it('publishes a draft live; the game API shows it to the players it targets, by priority, in their language', async () => {
    const low = await draft({ priority: 1, channels: ['appstore'], servers: ['s1'], min_version: '1.2' });
    const high = await draft({ priority: 90, title: { zh: '维护', en: 'Maintenance' }, type: 'maintenance' });
    for (const notice of [low, high]) {
      const res = await act(notice, 'publish');
      expect(res.statusCode, res.body).toBe(200);
      expect(body<Announcement>(res).data).toMatchObject({ status: 'live' });
    }
    const seen = await noticeIds('channel=appstore&server=s1&version=1.10&lang=en-US');
    expect(seen.indexOf(high.id)).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf(high.id)).toBeLessThan(seen.indexOf(low.id));
    // Another channel, another server or an older app does not see the targeted one.
    for (const query of [
      'channel=google&server=s1&version=1.3',
      'channel=appstore&server=s2',
      'channel=appstore&server=s1&version=1.1.9',
    ])
      expect(await noticeIds(query)).not.toContain(low.id);
    const answer = body<{ notices: GameNotice[] }>(await notices('lang=en')).data.notices.find(
      (n) => n.id === high.id,
    );
    expect(answer).toMatchObject({ title: 'Maintenance', type: 'maintenance', body: '<p>Body</p>' });
    const ja = body<{ notices: GameNotice[] }>(await notices('lang=ja')).data.notices.find(
      (n) => n.id === high.id,
    );
    expect(ja?.title).toBe('维护');
  });

  it('answers 304 while nothing changed, and a new ETag once something did', async () => {
    const first = await notices('channel=etag');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await notices('channel=etag', { 'if-none-match': etag })).statusCode).toBe(304);
    const notice = await draft();
    await act(notice, 'publish');
    const after = await notices('channel=etag', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('schedules a notice that starts later; the scheduler publishes it at the start and ends it at the end', async () => {
    const notice = await draft({ start_at: at(hour), end_at: at(2 * hour) });
    const scheduled = body<Announcement>(await act(notice, 'publish')).data;
    expect(scheduled.status).toBe('scheduled');
    expect(await noticeIds('')).not.toContain(notice.id);
    // The scheduler holds both moments.
    const plans = await t.database.db
      .select({ key: schedules.key, runAt: schedules.runAt, status: schedules.status })
      .from(schedules)
      .where(eq(schedules.kind, 'announcements.publish'));
    expect(plans.find((p) => p.key === `lifecycle:announcement:${notice.id}:publish`)).toMatchObject({
      status: 'active',
      runAt: new Date(scheduled.start_at!),
    });
    // The start comes (moved into the past here rather than waiting): the task publishes it.
    await t.database.db
      .update(announcements)
      .set({ startAt: new Date(Date.now() - 1000) })
      .where(eq(announcements.id, notice.id));
    const payload = { cpId: 1, productId: t.productId, id: notice.id };
    const [row] = await t.database.db.select().from(announcements).where(eq(announcements.id, notice.id));
    payload.cpId = row!.cpId;
    await t.database.db.transaction((tx) => publishDue(tx, payload));
    expect(await noticeIds('')).toContain(notice.id);
    await t.database.db.transaction((tx) => endDue(tx, payload));
    expect(body<Announcement>(await admin.get(`/api/v1/announcements/${notice.id}`)).data.status).toBe(
      'ended',
    );
    expect(await noticeIds('')).not.toContain(notice.id);
  });

  it('never shows a live notice past its end, even when the scheduler is late', async () => {
    const notice = await draft({ end_at: at(hour) });
    await act(notice, 'publish');
    expect(await noticeIds('')).toContain(notice.id);
    await t.database.db
      .update(announcements)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(announcements.id, notice.id));
    expect(await noticeIds('')).not.toContain(notice.id);
    // …and one whose end has passed cannot be published at all.
    const over = await draft({ end_at: at(hour) });
    await t.database.db
      .update(announcements)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(announcements.id, over.id));
    const res = await act({ ...over }, 'publish');
    expect(body(res).code).toBe(422001);
  });

  it('edits and deletes drafts only; recall brings a live notice back to draft; illegal moves are 422001', async () => {
    const notice = await draft();
    const live = body<Announcement>(await act(notice, 'publish')).data;
    const edit = await admin.put(`/api/v1/announcements/${notice.id}`, {
      priority: 3,
      version: live.version,
    });
    expect(body(edit).code).toBe(422001);
    expect(body(await admin.del(`/api/v1/announcements/${notice.id}`)).code).toBe(422001);
    const recalled = body<Announcement>(await act(live, 'recall')).data;
    expect(recalled.status).toBe('draft');
    expect(await noticeIds('')).not.toContain(notice.id);
    const edited = await admin.put(`/api/v1/announcements/${notice.id}`, {
      priority: 3,
      version: recalled.version,
    });
    expect(body<Announcement>(edited).data.priority).toBe(3);
    const ended = body<Announcement>(await act(body<Announcement>(edited).data, 'end')).data;
    expect(ended.status).toBe('ended');
    const again = await act(ended, 'publish');
    expect(again.statusCode).toBe(422);
    expect(body(again)).toMatchObject({ code: 422001, data: { state: 'ended', action: 'publish' } });
    // A stale version is refused.
    const other = await draft();
    expect(
      body(await admin.post(`/api/v1/announcements/${other.id}/publish`, { version: other.version + 1 }))
        .code,
    ).toBe(409001);
    expect(body(await admin.del(`/api/v1/announcements/${other.id}`)).code).toBe(0);
  });

  it('waits for a second person when the policy asks; rejecting brings it back to draft; the maker cannot approve', async () => {
    const res = await admin.put('/api/v1/approval-policies', { policies: [{ action: perms.approve }] });
    expect(res.statusCode, res.body).toBe(200);
    const makerName = await t.staffWith([perms.see, perms.edit, perms.approve]);
    const checkerName = await t.staffWith([perms.see, perms.approve]);
    const maker = await t.signIn(makerName, 'xianxia');
    const checker = await t.signIn(checkerName, 'xianxia');
    const notice = await draft({}, maker);
    const asked = await act(notice, 'publish', maker, 'weekend event');
    expect(asked.statusCode, asked.body).toBe(202);
    const approval = body<ApprovalPending>(asked).data.approval;
    let current = body<Announcement>(await maker.get(`/api/v1/announcements/${notice.id}`)).data;
    expect(current).toMatchObject({ status: 'pending_approval', approval_id: approval.id });
    expect(await noticeIds('')).not.toContain(notice.id);
    expect(body(await maker.post(`/api/v1/approvals/${approval.id}/approve`, { comment: 'me' })).code).toBe(
      403001,
    );
    // Rejected: back to draft.
    expect(
      body(await checker.post(`/api/v1/approvals/${approval.id}/reject`, { comment: 'typo' })).code,
    ).toBe(0);
    current = body<Announcement>(await maker.get(`/api/v1/announcements/${notice.id}`)).data;
    expect(current).toMatchObject({ status: 'draft', approval_id: null });
    // Asked again and approved: live.
    const second = body<ApprovalPending>(await act(current, 'publish', maker, 'fixed')).data.approval;
    expect(body(await checker.post(`/api/v1/approvals/${second.id}/approve`, { comment: 'ok' })).code).toBe(
      0,
    );
    expect(body<Announcement>(await maker.get(`/api/v1/announcements/${notice.id}`)).data.status).toBe(
      'live',
    );
    expect(await noticeIds('')).toContain(notice.id);
    await admin.put('/api/v1/approval-policies', { policies: [] });
  });

  it('shows a notice for user groups only to their materialised members', async () => {
    const [product] = await t.database.db.select().from(products).where(eq(products.id, t.productId));
    const made = await t.database.db
      .insert(players)
      .values([
        { productId: t.productId, openid: 'notice_member' },
        { productId: t.productId, openid: 'notice_other' },
      ])
      .returning({ id: players.id, openid: players.openid });
    const ids = new Map(made.map((p) => [p.openid, p.id]));
    const [group] = await t.database.db
      .insert(userGroups)
      .values({
        cpId: product!.cpId,
        productId: t.productId,
        name: 'notice_targets',
        label: 'Targets',
        kind: 'list',
        state: 'ready',
      })
      .returning();
    await t.database.db
      .insert(userGroupMembers)
      .values({ groupId: group!.id, playerId: ids.get('notice_member')!, bucket: 0 });
    const notice = await draft({ user_group_ids: [group!.id] });
    await act(notice, 'publish');
    expect(await noticeIds('openid=notice_member')).toContain(notice.id);
    expect(await noticeIds('openid=notice_other')).not.toContain(notice.id);
    expect(await noticeIds('openid=nobody_at_all')).not.toContain(notice.id);
    // A player the game does not name is in no group.
    expect(await noticeIds('')).not.toContain(notice.id);
  });

  it('checks permissions on the server and keeps products apart', async () => {
    const viewer = await t.staff([perms.see]);
    expect(body(await viewer.get('/api/v1/announcements')).code).toBe(0);
    expect(body(await viewer.post('/api/v1/announcements', { type: 'board', title: { zh: 'x' } })).code).toBe(
      403001,
    );
    const notice = await draft();
    expect(
      body(await viewer.post(`/api/v1/announcements/${notice.id}/publish`, { version: notice.version })).code,
    ).toBe(403001);
    const editor = await t.staff([perms.see, perms.edit]);
    expect(
      body(await editor.post(`/api/v1/announcements/${notice.id}/publish`, { version: notice.version })).code,
    ).toBe(403001);
    // Another product of the CP does not see it.
    const [mine] = await t.database.db.select().from(products).where(eq(products.id, t.productId));
    const [sibling] = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.cpId, mine!.cpId), ne(products.id, t.productId)));
    const other = t.client((await signInAs(t.app, 'admin')).user.access_token, sibling!.id);
    expect(body(await other.get(`/api/v1/announcements/${notice.id}`)).code).toBe(404001);
    const [row] = await t.database.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, notice.id), eq(announcements.productId, t.productId)));
    expect(row?.status).toBe('draft');
  });
});
