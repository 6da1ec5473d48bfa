import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  outsideCallsResource,
  outsidePartiesAccess,
  outsidePartyParam,
  outsidePartyUpdateBody,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { documentProductHeader } from '../../lib/scope.ts';
import { listCalls, sweepCalls } from './calls.ts';
import { listParties, updateParty } from './settings.ts';

const SWEEP_TASK = 'outside-parties.sweep';
export const DEFAULT_CALL_RETENTION_DAYS = 30;

/**
 * `/outside-parties`: the game's choice per party (mode, settings, whether each credential is set)
 * and its change; `/outside-calls`: the game's call log. Both under the page
 * `/basic/outside-parties` (see to read, edit to change). The call log is swept daily.
 */
export async function outsidePartyRoutes(
  fastify: FastifyInstance,
  options: { db: Db; outsideCallRetentionDays?: number },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const outside = fastify.outside;
  const tags = ['outside-parties'];
  const scope = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;
  // Every route here is about the game of X-Product-Id.
  documentProductHeader(fastify);

  app.get(
    '/outside-parties',
    {
      schema: {
        tags,
        summary: "The game's outside parties: off, fake or real, settings, which credentials are set",
      },
      config: can(outsidePartiesAccess, 'read'),
    },
    async (request) => ok(await listParties(outside, db, scope(request))),
  );
  app.put(
    '/outside-parties/:party',
    {
      schema: {
        tags,
        summary:
          'Choose off, fake or real for a party, with its settings; credentials are replaced (a value) or cleared (null), never answered back',
        params: outsidePartyParam,
        body: outsidePartyUpdateBody,
      },
      config: can(outsidePartiesAccess, 'update'),
    },
    async (request) => ok(await updateParty(outside, db, scope(request), request.params.party, request.body)),
  );
  queryRoutes(
    app,
    db,
    outsideCallsResource,
    {
      async list(db2, scope, query) {
        // The calls this instance made until now are in the list (their log lines land beside the caller).
        await outside.calls.settled();
        return listCalls(db2, scope, query);
      },
    },
    { summary: "The game's calls to its outside parties (newest first unless sorted), secrets taken out" },
  );

  const days = options.outsideCallRetentionDays ?? DEFAULT_CALL_RETENTION_DAYS;
  fastify.jobs.defineTask(SWEEP_TASK, async () => {
    await sweepCalls(db, days);
  });
  fastify.addHook('onReady', async () => {
    await fastify.jobs
      .scheduleCron(SWEEP_TASK, 'outside-parties:sweep', '55 3 * * *', 'UTC', {})
      .catch(() => undefined);
  });
}
