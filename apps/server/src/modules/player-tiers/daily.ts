import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { products } from '../../db/schema.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import type { ModuleWork } from '../../lib/server-module.ts';
import { calendarDay } from '../../lib/time-window.ts';
import { computeTiers, COMPUTE_JOB, readSettings } from './service.ts';
import { jobs as jobRows } from '../../db/jobs.ts';
import { playerTierDaily } from './tables.ts';

const DAILY_TASK = 'player-tiers:daily';
const DAILY_KEY = 'player-tiers:daily';
/** The local hour the daily run happens at, in each product's time zone. */
const DAILY_HOUR = 4;

/**
 * The tier job, run daily: an hourly schedule starts it for every product whose local time is
 * 04:xx and that has no snapshot for its day yet.
 */
export function tierWork({ db, jobs }: { db: Db; jobs: JobRunner }): ModuleWork {
  return {
    jobs: {
      [COMPUTE_JOB]: {
        async run({ job, progress }) {
          const { productId } = job.params as { productId: number };
          return { summary: await computeTiers(db, productId, new Date(), progress) };
        },
      },
    },
    tasks: {
      [DAILY_TASK]: async () => {
        const now = new Date();
        for (const product of await db.select({ id: products.id, cpId: products.cpId }).from(products)) {
          const settings = await readSettings(db, product.id);
          const hour = Number(
            new Intl.DateTimeFormat('en-US', {
              timeZone: settings.time_zone,
              hour: '2-digit',
              hourCycle: 'h23',
            }).format(now),
          );
          if (hour !== DAILY_HOUR) continue;
          const day = calendarDay(now, settings.time_zone);
          const [done] = await db
            .select({ day: playerTierDaily.day })
            .from(playerTierDaily)
            .where(and(eq(playerTierDaily.productId, product.id), eq(playerTierDaily.day, day)))
            .limit(1);
          if (done) continue;
          await jobs.create(
            COMPUTE_JOB,
            { cpId: product.cpId, productId: product.id, username: 'schedule' },
            { params: { productId: product.id } },
          );
        }
      },
    },
    schedules: [{ task: DAILY_TASK, key: DAILY_KEY, cron: '7 * * * *', tz: 'UTC' }],
  };
}

/**
 * Computes a game's tiers now, outside the job runner (the demo seed, before the server starts),
 * and records the run as a succeeded tier job: the page reads its last run from the jobs, and the
 * jobs page lists it beside the daily ones.
 */
export async function computeTiersNow(db: Db, product: { id: number; cpId: number }) {
  const startedAt = new Date();
  const summary = await computeTiers(db, product.id, startedAt);
  await db.insert(jobRows).values({
    cpId: product.cpId,
    productId: product.id,
    username: 'system',
    kind: COMPUTE_JOB,
    status: 'succeeded',
    total: summary.players,
    done: summary.players,
    params: { productId: product.id },
    summary,
    startedAt,
    finishedAt: new Date(),
  });
  return summary;
}
