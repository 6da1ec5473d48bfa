import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  killSwitchBody,
  killSwitchQuery,
  socialAccessResources,
  socialPolicyCreateBody,
  socialPolicyExportQuery,
  socialPolicyListQuery,
  socialPolicyUpdateBody,
  type ResourceAction,
  type SocialKind,
} from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { listRoute } from '../../lib/resource-routes.ts';
import { resourceScope, SIGNED_IN } from '../../lib/route-access.ts';
import { documentProductHeader, requestProduct } from '../../lib/scope.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { requireAuth } from '../../lib/authenticate.ts';
import { invalidateOnWrite, type GameConfigRouteOptions } from '../game-api/index.ts';
import { socialPolicyTable } from './io.ts';
import {
  createSocialPolicy,
  deleteSocialPolicy,
  getSocialPolicy,
  listKillSwitches,
  listSocialPolicies,
  policyKind,
  setKillSwitch,
  updateSocialPolicy,
} from './service.ts';

const path = `/${socialAccessResources.chat.name}`;

/**
 * `/social-access`: the product's chat and friend access policies and kill switches. Chat and
 * friend access are two resources on one path: which permission a request needs depends on the
 * kind it names or the kind of its policy, so each route is declared for signed-in staff
 * (`SIGNED_IN`) and its handler checks the permission of the kind (`resourceScope`).
 */
export async function socialAccessRoutes(
  fastify: FastifyInstance,
  options: GameConfigRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = [socialAccessResources.chat.name];
  const can = async (request: FastifyRequest, kind: SocialKind, action: ResourceAction) =>
    (await resourceScope(db, request, socialAccessResources[kind], action)) as ProductScope;
  /** The permission of the policy's own kind (a policy that is not there: chat's, then 404001). */
  const canOnPolicy = async (request: FastifyRequest, id: number, action: ResourceAction) => {
    const auth = requireAuth(request);
    const productId = await requestProduct(db, request, auth.cpId);
    return can(request, (await policyKind(db, { cpId: auth.cpId, productId }, id)) ?? 'chat', action);
  };
  invalidateOnWrite(app, options.cache);
  // Signed-in routes whose handler reads the product (the permission depends on the policy's kind).
  documentProductHeader(app);

  // The permission is the kind's (each kind has its own page), so the list checks it itself.
  listRoute(app, {
    name: 'social-access',
    path,
    tags,
    summary: 'List the access policies of one kind',
    query: socialPolicyListQuery,
    filters: socialAccessResources.chat.filters,
    sorts: socialAccessResources.chat.sorts,
    config: SIGNED_IN,
    list: async (request, query) => listSocialPolicies(db, await can(request, query.kind, 'read'), query),
  });
  app.get(
    `${path}/kill-switch`,
    {
      schema: { tags, summary: "The regions' kill switches of one kind", querystring: killSwitchQuery },
      config: SIGNED_IN,
    },
    async (request) =>
      ok(await listKillSwitches(db, await can(request, request.query.kind, 'read'), request.query.kind)),
  );
  app.post(
    `${path}/kill-switch`,
    {
      schema: {
        tags,
        summary: "Turn a region's kill switch on or off: on, every feature of the kind is off in that region",
        body: killSwitchBody,
      },
      config: SIGNED_IN,
    },
    async (request) =>
      ok(await setKillSwitch(db, await can(request, request.body.kind, 'update'), request.body)),
  );
  app.get(
    `${path}/:id`,
    { schema: { tags, summary: 'One access policy', params: idParam }, config: SIGNED_IN },
    async (request) =>
      ok(await getSocialPolicy(db, await canOnPolicy(request, request.params.id, 'read'), request.params.id)),
  );
  app.post(
    path,
    {
      schema: {
        tags,
        summary: 'Create an access policy (one per region, channel and kind)',
        body: socialPolicyCreateBody,
      },
      config: SIGNED_IN,
    },
    async (request) =>
      ok(await createSocialPolicy(db, await can(request, request.body.kind, 'create'), request.body)),
  );
  app.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: 'Update an access policy (body carries its version)',
        params: idParam,
        body: socialPolicyUpdateBody,
      },
      config: SIGNED_IN,
    },
    async (request) =>
      ok(
        await updateSocialPolicy(
          db,
          await canOnPolicy(request, request.params.id, 'update'),
          request.params.id,
          request.body,
        ),
      ),
  );
  app.delete(
    `${path}/:id`,
    { schema: { tags, summary: 'Delete an access policy', params: idParam }, config: SIGNED_IN },
    async (request) =>
      ok(
        await deleteSocialPolicy(
          db,
          await canOnPolicy(request, request.params.id, 'delete'),
          request.params.id,
        ),
      ),
  );
  tableRoutes(app, db, {
    path,
    tags,
    exportQuery: socialPolicyExportQuery,
    access: (request, action) => can(request, (request.query as { kind: SocialKind }).kind, action),
    config: () => SIGNED_IN,
    exporter: socialPolicyTable,
  });
}
