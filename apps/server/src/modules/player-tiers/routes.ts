import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  distributionQuery,
  playerTiersAccess,
  tierHistoryParams,
  tierPlayersQuery,
  tierSettingsBody,
  trendQuery,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { products } from '../../db/schema.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { documentProductHeader } from '../../lib/scope.ts';
import { playerTierDaily } from './tables.ts';
import {
  computeTiers,
  COMPUTE_JOB,
  dayIn,
  distribution,
  readSettings,
  saveSettings,
  tierHistory,
  tierPlayers,
  trend,
} from './service.ts';
import { and, eq } from 'drizzle-orm';

const DAILY_TASK = 'player-tiers:daily';
const DAILY_KEY = 'player-tiers:daily';
/** The local hour the daily run happens at, in each product's time zone. */
const DAILY_HOUR = 4;

/**
 * `/player-tiers`: the user level query page's API — the thresholds, the distribution (current and
 * by day), players of a tier, a player's tier history, and "recompute now" (a job). The job runs
 * daily: an hourly schedule starts it for every product whose local time is 04:xx and that has no
 * snapshot for its day yet.
 */
export async function playerTierRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const resource = playerTiersAccess;
  const tags = ['player-tiers'];
  documentProductHeader(app);

  fastify.jobs.defineJob(COMPUTE_JOB, {
    async run({ job, progress }) {
      const { productId } = job.params as { productId: number };
      return { summary: await computeTiers(db, productId, new Date(), progress) };
    },
  });
  fastify.jobs.defineTask(DAILY_TASK, async () => {
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
      const day = dayIn(now, settings.time_zone);
      const [done] = await db
        .select({ day: playerTierDaily.day })
        .from(playerTierDaily)
        .where(and(eq(playerTierDaily.productId, product.id), eq(playerTierDaily.day, day)))
        .limit(1);
      if (done) continue;
      await fastify.jobs.create(
        COMPUTE_JOB,
        { cpId: product.cpId, productId: product.id, username: 'schedule' },
        { params: { productId: product.id } },
      );
    }
  });
  fastify.addHook('onReady', async () => {
    await fastify.jobs.scheduleCron(DAILY_TASK, DAILY_KEY, '7 * * * *', 'UTC');
  });

  app.get(
    '/player-tiers/settings',
    {
      schema: { tags, summary: 'The payment-tier thresholds (defaults until saved)' },
      config: can(resource, 'read'),
    },
    async (request) => ok(await readSettings(db, scopeOf(request).productId!)),
  );
  app.put(
    '/player-tiers/settings',
    {
      schema: {
        tags,
        summary: 'Save the thresholds (the body carries the version read)',
        body: tierSettingsBody,
      },
      config: can(resource, 'update'),
    },
    async (request) => ok(await saveSettings(db, scopeOf(request), request.body)),
  );
  app.get(
    '/player-tiers/distribution',
    {
      schema: {
        tags,
        summary: 'Players per tier, optionally per channel or region',
        querystring: distributionQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => ok(await distribution(db, scopeOf(request).productId!, request.query)),
  );
  app.get(
    '/player-tiers/trend',
    {
      schema: { tags, summary: 'The daily distribution snapshots of the last days', querystring: trendQuery },
      config: can(resource, 'read'),
    },
    async (request) => ok(await trend(db, scopeOf(request).productId!, request.query.days)),
  );
  app.get(
    '/player-tiers/players',
    {
      schema: { tags, summary: 'Players of a tier (paged)', querystring: tierPlayersQuery },
      config: can(resource, 'read'),
    },
    async (request) => ok(await tierPlayers(db, scopeOf(request), request.query)),
  );
  app.get(
    '/player-tiers/history/:openid',
    {
      schema: { tags, summary: "A player's current tiers and tier changes", params: tierHistoryParams },
      config: can(resource, 'read'),
    },
    async (request) => ok(await tierHistory(db, scopeOf(request).productId!, request.params.openid)),
  );
  app.post(
    '/player-tiers/recompute',
    {
      schema: { tags, summary: 'Run the tier job now (a job; the answer carries its id)' },
      config: can(resource, 'approve'),
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const jobId = await fastify.jobs.create(
        COMPUTE_JOB,
        { cpId: scope.cpId, productId: scope.productId, userId: scope.userId, username: scope.username },
        { params: { productId: scope.productId } },
      );
      return reply.code(202).send(ok({ job_id: jobId }));
    },
  );
}
