import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  adReportCampaignQuery,
  adReportPullBody,
  adReportSummaryQuery,
  adReportsResource,
} from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import { fieldError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inScope } from '../../lib/scope.ts';
import type { AdsContext } from './accounts.ts';
import { campaignReport, reportReads, reportSummary, startPull } from './reports.ts';
import { advertiserAccountsRoute, mediumFile } from './medium-routes.ts';
import { adAccounts } from './tables.ts';

const resource = adReportsResource;
const tags = [resource.name];

const EXPORT_COLUMNS = [
  'day',
  'account_id',
  'account_name',
  'cost',
  'impressions',
  'clicks',
  'conversions',
  'cpa',
  'ctr',
  'currency',
  'pulled_at',
  'revenue',
  'paying_users',
  'roi',
  'mapped',
] as const;

/**
 * `/ad-reports?media=<code>`: the medium's daily figures of the game's advertiser accounts — list
 * (filtered by account and days, sorted), totals with the sums per day, export, and "pull now" (a
 * job). Every route checks the medium's report page permissions.
 */
export async function adReportRoutes(
  fastify: FastifyInstance,
  ctx: AdsContext & { jobs: JobRunner },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  queryRoutes(fastify, db, resource, reportReads, {
    summary: 'List report days',
    exporter: {
      headers: EXPORT_COLUMNS,
      file: mediumFile(resource),
      // Money in yuan.
      toCells: (r) => ({
        day: r.day,
        account_id: r.account_id,
        account_name: r.account_name,
        cost: r.cost / 100,
        impressions: r.impressions,
        clicks: r.clicks,
        conversions: r.conversions,
        cpa: r.cpa === null ? '' : r.cpa / 100,
        ctr: r.ctr ?? '',
        currency: r.currency,
        pulled_at: r.pulled_at,
        revenue: r.revenue / 100,
        paying_users: r.paying_users,
        roi: r.roi ?? '',
        mapped: r.mapped ? 'yes' : 'no',
      }),
    },
  });

  advertiserAccountsRoute(fastify, db, resource, {
    path: '/ad-reports/accounts',
    summary: "The medium's advertiser accounts the reports can be filtered by",
    mediaQuery: resource.list.pick({ media: true }),
  });

  app.get(
    '/ad-reports/summary',
    {
      schema: {
        tags,
        summary: 'Totals of the filtered days and their sums per day (the chart)',
        querystring: adReportSummaryQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => {
      const { media: _media, ...filters } = request.query;
      return ok(await reportSummary(db, scopeOf(request), filters));
    },
  );

  app.get(
    '/ad-reports/campaigns',
    {
      schema: {
        tags,
        summary:
          'Each campaign over the filtered days, with revenue and ROI where a channel mapping names the campaign',
        querystring: adReportCampaignQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => {
      const { media: _media, ...query } = request.query;
      return ok(await campaignReport(db, scopeOf(request), query));
    },
  );

  app.post(
    '/ad-reports/pull',
    {
      schema: {
        tags,
        summary: 'Pull days from the medium again now (a job; the answer carries its id)',
        querystring: resource.list.pick({ media: true }),
        body: adReportPullBody,
      },
      config: can(resource, 'update'),
    },
    async (request, reply) => {
      const scope = scopeOf(request) as ProductScope;
      const media = scope.dimension!.value;
      const { from, to, ad_account_id } = request.body;
      if (ad_account_id) {
        const [row] = await db
          .select({ id: adAccounts.id })
          .from(adAccounts)
          .where(and(eq(adAccounts.id, ad_account_id), inScope(adAccounts, scope)));
        if (!row) throw fieldError(scope.lang, 'ad_account_id', 'unknown_ref');
      }
      const jobId = await startPull(
        ctx.jobs,
        { cpId: scope.cpId, productId: scope.productId, userId: scope.userId, username: scope.username },
        {
          productId: scope.productId,
          media,
          from,
          to,
          ...(ad_account_id ? { adAccountId: ad_account_id } : {}),
        },
      );
      return reply.code(202).send(ok({ job_id: jobId }));
    },
  );
}
