import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ANNOUNCEMENT_LIFECYCLE, announcementsResource, type Announcement } from '@rx/contracts';
import { schedules } from '../db/jobs.ts';
import { body, useTestApp } from '../../test/index.ts';
import { announcements } from '../modules/announcements/tables.ts';
import type { Scope } from './access.ts';
import { defineLifecycle, type LifecycleContext } from './define-lifecycle.ts';

// The lifecycle's own rules, on a resource of its own: a second lifecycle over the announcements
// table (another task name, no approval) whose hooks record what they were told.

const t = useTestApp();
const seen: string[] = [];
type Row = typeof announcements.$inferSelect;

const lifecycle = defineLifecycle({
  resource: announcementsResource,
  lifecycle: ANNOUNCEMENT_LIFECYCLE,
  table: announcements,
  status: announcements.status,
  toItem: (row: Row) => row,
  nameOf: (row) => row.title.zh,
  window: { start: (row) => row.startAt, end: (row) => row.endAt },
  tasks: { start: 'lifecycle-test.start', end: 'lifecycle-test.end' },
  hooks: {
    onGoLive: () => {
      seen.push('live');
      return { publishedAt: new Date() };
    },
    // Writes with the move: undone with it when the move is refused.
    onEnd: (_tx, _scope, _row, action) => {
      seen.push(`end:${action}`);
      return { priority: 999 };
    },
    onRecall: () => {
      seen.push('recall');
      return {};
    },
    afterMove: (_ctx, row, from) => {
      seen.push(`${from}→${row.status}`);
    },
  },
});

const context = (): LifecycleContext => ({ db: t.database.db, events: t.app.events, jobs: t.app.jobs });
const hour = 3600_000;

async function draft(fields: Record<string, unknown> = {}): Promise<{ row: Announcement; scope: Scope }> {
  const res = await t.admin.post('/api/v1/announcements', {
    type: 'board',
    title: { zh: `生命周期 ${Math.random().toString(36).slice(2, 8)}` },
    body: { zh: '<p>正文</p>' },
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = body<Announcement>(res).data;
  const [stored] = await t.database.db.select().from(announcements).where(eq(announcements.id, row.id));
  const scope: Scope = {
    cpId: stored!.cpId,
    productId: stored!.productId,
    userId: Number(t.user.id),
    username: 'admin',
    ip: '',
    lang: 'en',
    isAdmin: true,
  };
  return { row, scope };
}

describe('defineLifecycle', () => {
  it('goes live through its hooks, logs each move, and offers only what the state allows', async () => {
    const { row, scope } = await draft();
    seen.length = 0;
    const live = (await lifecycle.act(context(), scope, row.id, 'publish', {
      version: row.version,
      reason: '',
    })) as Row;
    expect(live).toMatchObject({ status: 'live', version: row.version + 1 });
    expect(live.publishedAt).not.toBeNull();
    expect(seen).toEqual(['live', 'draft→live']);
    expect((await t.logsOf('announcement', row.id))[0]).toMatchObject({
      action: 'publish',
      before: { status: 'draft' },
      after: { status: 'live' },
    });
    // Live offers recall and end; publishing again is refused, naming them, and changes nothing.
    await expect(
      lifecycle.act(context(), scope, row.id, 'publish', { version: live.version, reason: '' }),
    ).rejects.toMatchObject({ code: 422001, data: { state: 'live', allowed: ['recall', 'end'] } });
  });

  it('refuses a stale version with 409001 and undoes what the hooks wrote with the move', async () => {
    const { row, scope } = await draft({ priority: 5 });
    await expect(
      lifecycle.act(context(), scope, row.id, 'end', { version: row.version - 1, reason: '' }),
    ).rejects.toMatchObject({ code: 409001 });
    const [after] = await t.database.db.select().from(announcements).where(eq(announcements.id, row.id));
    expect(after).toMatchObject({ status: 'draft', priority: 5, version: row.version });
    const ended = (await lifecycle.act(context(), scope, row.id, 'end', {
      version: row.version,
      reason: '',
    })) as Row;
    expect(ended).toMatchObject({ status: 'ended', priority: 999 });
  });

  it('plans the start and the end, and ends at its start a row whose end passed while it waited', async () => {
    const start = new Date(Date.now() + hour);
    const { row, scope } = await draft({
      start_at: start.toISOString(),
      end_at: new Date(Date.now() + 2 * hour).toISOString(),
    });
    const scheduled = (await lifecycle.act(context(), scope, row.id, 'publish', {
      version: row.version,
      reason: '',
    })) as Row;
    expect(scheduled.status).toBe('scheduled');
    const plans = await t.database.db
      .select({ key: schedules.key, runAt: schedules.runAt, kind: schedules.kind })
      .from(schedules)
      .where(eq(schedules.status, 'active'));
    expect(plans).toEqual(
      expect.arrayContaining([
        { key: `lifecycle:announcement:${row.id}:publish`, runAt: start, kind: 'lifecycle-test.start' },
        expect.objectContaining({ key: `lifecycle:announcement:${row.id}:end`, kind: 'lifecycle-test.end' }),
      ]),
    );
    // The scheduler comes late: the end has passed too.
    await t.database.db
      .update(announcements)
      .set({ startAt: new Date(Date.now() - 2000), endAt: new Date(Date.now() - 1000) })
      .where(eq(announcements.id, row.id));
    seen.length = 0;
    const payload = { cpId: scope.cpId, productId: scope.productId!, id: row.id };
    const moved = await t.database.db.transaction((tx) => lifecycle.startDue(tx, payload));
    expect(moved).toMatchObject({ status: 'ended' });
    expect(seen).toEqual(['end:null']);
    // Nothing is due any more.
    expect(await t.database.db.transaction((tx) => lifecycle.endDue(tx, payload))).toBeNull();
  });
});
