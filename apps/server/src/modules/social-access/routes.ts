import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  killSwitchBody,
  killSwitchQuery,
  seePermissionOf,
  socialPolicyCreateBody,
  socialPolicyExportQuery,
  socialPolicyListQuery,
  socialPolicyUpdateBody,
  type SocialKind,
} from '@rx/contracts';
import { productAccess, type Action } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { requestProduct } from '../../lib/scope.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { requireAuth } from '../acs/authenticate.ts';
import { invalidateOnWrite, type GameConfigRouteOptions } from '../game-api/cache.ts';
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

/** Chat access and friend access are two pages, each with its own permissions. */
export const SOCIAL_SEE: Record<SocialKind, string> = {
  chat: seePermissionOf('/projectbase/projectbase-fe/social/chat-access-setting'),
  friend: seePermissionOf('/projectbase/projectbase-fe/social/friend-access-setting'),
};

/** `/social-access`: the product's chat and friend access policies and kill switches. */
export async function socialAccessRoutes(
  fastify: FastifyInstance,
  options: GameConfigRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['social-access'];
  const can = (request: FastifyRequest, kind: SocialKind, action: Action) =>
    productAccess(db, request, SOCIAL_SEE[kind], action);
  /** The permission of the policy's own kind (a policy that is not there: chat's, then 404001). */
  const canOnPolicy = async (request: FastifyRequest, id: number, action: Action) => {
    const auth = requireAuth(request);
    const productId = await requestProduct(db, request, auth.cpId);
    return can(request, (await policyKind(db, { cpId: auth.cpId, productId }, id)) ?? 'chat', action);
  };
  app.addHook('onRequest', options.authenticate);
  invalidateOnWrite(app, options.cache);

  app.get(
    '/social-access',
    { schema: { tags, summary: 'List the access policies of one kind', querystring: socialPolicyListQuery } },
    async (request) =>
      ok(await listSocialPolicies(db, await can(request, request.query.kind, 'read'), request.query)),
  );
  app.get(
    '/social-access/kill-switch',
    { schema: { tags, summary: "The regions' kill switches of one kind", querystring: killSwitchQuery } },
    async (request) =>
      ok(await listKillSwitches(db, await can(request, request.query.kind, 'read'), request.query.kind)),
  );
  app.post(
    '/social-access/kill-switch',
    {
      schema: {
        tags,
        summary: "Turn a region's kill switch on or off: on, every feature of the kind is off in that region",
        body: killSwitchBody,
      },
    },
    async (request) =>
      ok(await setKillSwitch(db, await can(request, request.body.kind, 'update'), request.body)),
  );
  app.get(
    '/social-access/:id',
    { schema: { tags, summary: 'One access policy', params: idParam } },
    async (request) =>
      ok(await getSocialPolicy(db, await canOnPolicy(request, request.params.id, 'read'), request.params.id)),
  );
  app.post(
    '/social-access',
    {
      schema: {
        tags,
        summary: 'Create an access policy (one per region, channel and kind)',
        body: socialPolicyCreateBody,
      },
    },
    async (request) =>
      ok(await createSocialPolicy(db, await can(request, request.body.kind, 'create'), request.body)),
  );
  app.put(
    '/social-access/:id',
    {
      schema: {
        tags,
        summary: 'Update an access policy (body carries its version)',
        params: idParam,
        body: socialPolicyUpdateBody,
      },
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
    '/social-access/:id',
    { schema: { tags, summary: 'Delete an access policy', params: idParam } },
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
    path: '/social-access',
    tags,
    exportQuery: socialPolicyExportQuery,
    access: (request, action) => can(request, (request.query as { kind: SocialKind }).kind, action),
    exporter: socialPolicyTable,
  });
}
