import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../rows.ts';
import type { JobRunner } from './runner.ts';

/**
 * Starts a job queued inside a transaction once that transaction has committed, which is seen by
 * the job's row becoming readable (tried every 50 ms, 100 times). Without a runner (tests that run
 * jobs themselves), nothing.
 */
export function runJobOnceCommitted(db: Db, runner: JobRunner | undefined, jobId: number): void {
  if (!runner) return;
  void (async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const [found] = await queryRows(db, sql`select 1 from jobs where id = ${jobId}::int`).catch(() => []);
      if (found) {
        await runner.runJob(jobId);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
}
