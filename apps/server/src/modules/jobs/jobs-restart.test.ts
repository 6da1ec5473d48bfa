import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CRASH_TEST_TIMEOUT, crashChild, crashTarget, killCrashChildren } from '../../../test/crash-child.ts';

const script = path.join(import.meta.dirname, 'crash-child.ts');

afterAll(killCrashChildren);

describe('a job survives kill -9', () => {
  it(
    'finishes after a restart without doing any item twice, and a one-off schedule fires after the restart',
    { timeout: CRASH_TEST_TIMEOUT },
    async () => {
      const db = await crashTarget('jobs');
      try {
        const first = crashChild(script, {
          ...db.env,
          CRASH_MODE: 'start',
          CRASH_ITEMS: '300',
          CRASH_ITEM_MS: '10',
          // Far enough ahead that the first server is gone before it.
          CRASH_SCHEDULE_MS: '2000',
        });
        const { id } = await first.until((l) => l.event === 'started');
        await first.until((l) => l.event === 'progress' && Number(l.done) >= 40);
        first.proc.kill('SIGKILL');
        await first.ended;
        const killedAt = first.lines.filter((l) => l.event === 'progress').at(-1)!;
        expect(killedAt.status).toBe('running');
        expect(Number(killedAt.done)).toBeLessThan(300);

        const second = crashChild(script, { ...db.env, CRASH_MODE: 'resume' });
        const resumed = await second.until((l) => l.event === 'resumed');
        expect(resumed.id).toBe(id);
        // Resumed by the server itself once it listened, never during its start, and it answers
        // while the job runs.
        const order = second.lines.map((l) => l.event);
        expect(order.indexOf('ready')).toBeGreaterThanOrEqual(0);
        expect(order.indexOf('ready')).toBeLessThan(order.indexOf('resumed'));
        expect(await second.until((l) => l.event === 'probe')).toMatchObject({ status: 200 });
        const finished = await second.until((l) => l.event === 'finished');
        expect(finished).toMatchObject({
          id,
          status: 'succeeded',
          total: 300,
          done: 300,
          failed: 0,
          // Each item's effect recorded once under a unique key: none twice, none missing.
          effects: 300,
          distinct: 300,
          schedule: 'done',
          schedule_runs: 1,
        });
        await second.ended;
      } finally {
        await db.drop();
      }
    },
  );
});
