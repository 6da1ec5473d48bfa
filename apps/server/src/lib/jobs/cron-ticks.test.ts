import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/index.ts';

// A cron is a chain of ticks: one pg-boss message due at each of its moments, sent by the runner
// itself (pg-boss's own cron clock is off). These tests make a tick due by moving its message's
// start to now, as if its moment had come, and wait for the runner's worker to take it.

const t = useTestApp({ as: null });
const ran: string[] = [];

beforeAll(async () => {
  t.app.jobs.defineTask('test:tick', async (payload) => {
    ran.push((payload as { label: string }).label);
  });
});

interface Tick {
  id: string;
  state: string;
  at: string;
}

async function ticksOf(key: string): Promise<Tick[]> {
  const result = await t.database.db.execute(sql`
    select id::text as id, state::text as state, data->>'at' as at from pgboss.job
    where name = 'rx-cron-ticks' and data->>'key' = ${key} order by data->>'at'`);
  return (result as unknown as { rows: Tick[] }).rows;
}

/** Makes a tick due now, and waits until the runner's worker has taken and finished it. */
async function fire(tick: Tick): Promise<void> {
  await t.database.db.execute(sql`update pgboss.job set start_after = now() where id = ${tick.id}::uuid`);
  for (let i = 0; i < 1200; i++) {
    const result = await t.database.db.execute(
      sql`select state::text as state from pgboss.job where id = ${tick.id}::uuid`,
    );
    const state = (result as unknown as { rows: { state: string }[] }).rows[0]?.state;
    if (state === 'completed' || state === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`tick ${tick.id} was never taken`);
}

/** Waits until the task has run `n` times in all (its run goes on after the tick is finished). */
async function ranTimes(n: number): Promise<void> {
  for (let i = 0; i < 600 && ran.length < n; i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('cron ticks', () => {
  it('runs the task when a tick comes, and sends the tick of the next moment', async () => {
    await t.app.jobs.scheduleCron('test:tick', 'tick:daily', '0 3 * * *', 'UTC', { label: 'daily' });
    const schedule = (await t.app.jobs.schedule('tick:daily'))!;
    const [first, ...more] = await ticksOf('tick:daily');
    expect(more).toEqual([]);
    expect(first).toMatchObject({ state: 'created', at: schedule.nextRunAt!.toISOString() });

    // Scheduling the same cron again (every server start does) sends no second tick.
    await t.app.jobs.scheduleCron('test:tick', 'tick:daily', '0 3 * * *', 'UTC', { label: 'daily' });
    expect(await ticksOf('tick:daily')).toHaveLength(1);

    await fire(first!);
    await ranTimes(1);
    expect(ran).toEqual(['daily']);
    const after = (await t.app.jobs.schedule('tick:daily'))!;
    expect(after.runs).toBe(1);
    expect(after.nextRunAt!.getTime() - schedule.nextRunAt!.getTime()).toBe(24 * 3600_000);
    const ticks = await ticksOf('tick:daily');
    expect(ticks.map((tick) => tick.state)).toEqual(['completed', 'created']);
    expect(ticks[1]!.at).toBe(after.nextRunAt!.toISOString());
    await t.app.jobs.unschedule('tick:daily');
  });

  it('ignores the tick of a moment that is no longer the next one: rescheduled, or cancelled', async () => {
    ran.length = 0;
    await t.app.jobs.scheduleCron('test:tick', 'tick:moved', '0 3 * * *', 'UTC', { label: 'moved' });
    const [old] = await ticksOf('tick:moved');
    await t.app.jobs.scheduleCron('test:tick', 'tick:moved', '30 4 * * *', 'UTC', { label: 'moved' });
    const moved = (await t.app.jobs.schedule('tick:moved'))!;
    expect(moved.nextRunAt!.toISOString()).toMatch(/T04:30:00\.000Z$/);

    await fire(old!);
    const current = (await ticksOf('tick:moved')).find((tick) => tick.state === 'created')!;
    expect(current.at).toBe(moved.nextRunAt!.toISOString());
    expect((await t.app.jobs.schedule('tick:moved'))!.runs).toBe(0);

    expect(await t.app.jobs.unschedule('tick:moved')).toBe(true);
    await fire(current);
    expect((await t.app.jobs.schedule('tick:moved'))!).toMatchObject({ runs: 0, status: 'cancelled' });
    expect(ran).toEqual([]);
  });
});
