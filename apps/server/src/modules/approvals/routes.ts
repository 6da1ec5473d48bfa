import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  APPROVAL_SORTS,
  approvalDecisionBody,
  approvalListQuery,
  approvalPoliciesBody,
  idParam,
} from '@rx/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';
import { scopeOfGrants } from '../../lib/access.ts';
import { requirePermission } from '../../lib/authenticate.ts';
import { ok } from '../../lib/request.ts';
import { listRoute } from '../../lib/resource-routes.ts';
import { ADMIN, SIGNED_IN, scopeOf } from '../../lib/route-access.ts';
import {
  cancelRequest,
  decide,
  getPolicies,
  getRequest,
  listRequests,
  putPolicies,
  replacePolicies,
  POLICY_CHANGE,
  type Caller,
} from './service.ts';
import { registerApprovalAction } from './registry.ts';

async function callerOf(db: Db, request: FastifyRequest): Promise<Caller> {
  const grants = await requirePermission(db, request);
  const auth = request.auth!;
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, auth.userId));
  return {
    ...scopeOfGrants(request, grants),
    grants,
    createdAt: user?.createdAt ?? new Date(),
  };
}

/**
 * `/approvals`: the requests the caller may decide (or made, `mine=1`), deciding and withdrawing
 * them; `/approval-policies`: the CP's policies (admins). Never across CPs.
 */
export async function approvalRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['approvals'];
  // A change of the policies, once a second admin approved it (or at once where there is none).
  registerApprovalAction<z.output<typeof approvalPoliciesBody>>(POLICY_CHANGE, {
    apply: (tx, maker, payload) => replacePolicies(tx, maker, payload),
  });

  listRoute(app, {
    name: 'approvals',
    path: '/approvals',
    tags,
    summary: 'Requests the caller may decide (`status=pending`: to decide now), or made (`mine=1`)',
    query: approvalListQuery,
    filters: ['status', 'mine', 'kind'],
    sorts: APPROVAL_SORTS,
    config: SIGNED_IN,
    list: async (request, query) => listRequests(db, await callerOf(db, request), query),
  });
  app.get(
    '/approvals/:id',
    {
      schema: { tags, summary: 'One request with the before/after of its change', params: idParam },
      config: SIGNED_IN,
    },
    async (request) => ok(await getRequest(db, await callerOf(db, request), request.params.id)),
  );
  for (const verdict of ['approve', 'reject'] as const) {
    app.post(
      `/approvals/:id/${verdict}`,
      {
        schema: {
          tags,
          summary:
            verdict === 'approve'
              ? 'Approve: the change is applied now (never by its maker: 403001)'
              : 'Reject: nothing changes (never by its maker: 403001)',
          params: idParam,
          body: approvalDecisionBody,
        },
        config: SIGNED_IN,
      },
      async (request) =>
        ok(
          await decide(
            db,
            app.events,
            await callerOf(db, request),
            request.params.id,
            verdict,
            request.body.comment,
          ),
        ),
    );
  }
  app.post(
    '/approvals/:id/cancel',
    {
      schema: { tags, summary: 'The maker withdraws a pending request', params: idParam },
      config: SIGNED_IN,
    },
    async (request) =>
      ok(await cancelRequest(db, app.events, await callerOf(db, request), request.params.id)),
  );
  app.get(
    '/approval-policies',
    { schema: { tags, summary: "The CP's approval policies" }, config: ADMIN },
    async (request) => ok(await getPolicies(db, scopeOf(request))),
  );
  app.put(
    '/approval-policies',
    {
      schema: { tags, summary: "Replaces the CP's approval policies", body: approvalPoliciesBody },
      config: ADMIN,
    },
    async (request, reply) => {
      const answer = await putPolicies(db, app.events, scopeOf(request), request.body);
      if ('approval' in answer) reply.code(202);
      return ok(answer);
    },
  );
}
