import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  gameWebProtocolParams,
  gameWebProtocolQuery,
  webProtocolAccess,
  webProtocolCompareQuery,
  webProtocolDraftBody,
  webProtocolParams,
  webProtocolPublishBody,
  webProtocolVersionParams,
  webSiteAccess,
  webSiteUpdateBody,
  type GameWebProtocol,
  type GameWebSite,
  type Language,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ok, sendTagged } from '../../lib/request.ts';
import { GAME, can, scopeOf } from '../../lib/route-access.ts';
import { documentProductHeader } from '../../lib/scope.ts';
import { gameLanguage } from '../game-api/index.ts';
import { isProductIn, overseasOnly, overseasProductsOnly } from '../../lib/region.ts';
import {
  compareVersions,
  getProtocol,
  listProtocols,
  protocolHistory,
  protocolVersion,
  publishDraft,
  publishedProtocol,
  publishedProtocols,
  saveDraft,
} from './protocols.ts';
import { defaultSite, getSite, saveSite, siteRow, toSite } from './site.ts';

const productScope = (request: FastifyRequest) => scopeOf(request) as ProductScope;

/**
 * `/web-site` (the site's configuration) and `/web-protocols` (terms, privacy, refund policy per
 * language, versioned) of the overseas product in `X-Product-Id`.
 */
export async function webSiteRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  overseasProductsOnly(fastify, db);
  documentProductHeader(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const site = ['web-site'];
  const protocols = ['web-protocols'];

  app.get(
    '/web-site',
    {
      schema: { tags: site, summary: "The site's configuration (version 0: none saved yet)" },
      config: can(webSiteAccess, 'read'),
    },
    async (request) => ok(await getSite(db, productScope(request))),
  );
  app.put(
    '/web-site',
    {
      schema: {
        tags: site,
        summary: 'Save the configuration (the body carries its version)',
        body: webSiteUpdateBody,
      },
      config: can(webSiteAccess, 'update'),
    },
    async (request) => ok(await saveSite(db, productScope(request), request.body)),
  );

  app.get(
    '/web-protocols',
    {
      schema: { tags: protocols, summary: 'Each kind and language with a version' },
      config: can(webProtocolAccess, 'read'),
    },
    async (request) => ok(await listProtocols(db, productScope(request))),
  );
  app.get(
    '/web-protocols/:kind/:language',
    {
      schema: { tags: protocols, summary: 'The draft and the published version', params: webProtocolParams },
      config: can(webProtocolAccess, 'read'),
    },
    async (request) => ok(await getProtocol(db, productScope(request), request.params)),
  );
  app.put(
    '/web-protocols/:kind/:language/draft',
    {
      schema: {
        tags: protocols,
        summary: 'Start (version 0) or edit the draft; the body is sanitised',
        params: webProtocolParams,
        body: webProtocolDraftBody,
      },
      config: can(webProtocolAccess, 'update'),
    },
    async (request) => ok(await saveDraft(db, productScope(request), request.params, request.body)),
  );
  app.post(
    '/web-protocols/:kind/:language/publish',
    {
      schema: {
        tags: protocols,
        summary: 'Publish the draft; the previous published version is archived',
        params: webProtocolParams,
        body: webProtocolPublishBody,
      },
      config: can(webProtocolAccess, 'approve'),
    },
    async (request) =>
      ok(await publishDraft(db, productScope(request), request.params, request.body.version)),
  );
  app.get(
    '/web-protocols/:kind/:language/versions',
    {
      schema: { tags: protocols, summary: 'Every version, newest first', params: webProtocolParams },
      config: can(webProtocolAccess, 'read'),
    },
    async (request) => ok(await protocolHistory(db, productScope(request), request.params)),
  );
  app.get(
    '/web-protocols/:kind/:language/versions/:number',
    {
      schema: { tags: protocols, summary: 'One version', params: webProtocolVersionParams },
      config: can(webProtocolAccess, 'read'),
    },
    async (request) => {
      const { number, ...key } = request.params;
      return ok(await protocolVersion(db, productScope(request), key, number));
    },
  );
  app.get(
    '/web-protocols/:kind/:language/compare',
    {
      schema: {
        tags: protocols,
        summary: 'Two versions and a line diff from a to b',
        params: webProtocolParams,
        querystring: webProtocolCompareQuery,
      },
      config: can(webProtocolAccess, 'read'),
    },
    async (request) =>
      ok(await compareVersions(db, productScope(request), request.params, request.query.a, request.query.b)),
  );
}

/**
 * What the web recharge site reads, inside the signed game API: `GET /web-site` (its
 * configuration and the published protocol versions) and `GET /web-protocols/:kind?lang=` (the
 * published body, in the site's default language when the asked one has none). Overseas products only.
 */
export function webSiteGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['game-api'];
  const overseasCaller = async (request: FastifyRequest, lang: Language) => {
    const caller = request.gameCaller!;
    if (!(await isProductIn(db, caller.productId, 'hw'))) throw overseasOnly(lang);
    return caller.productId;
  };
  app.get(
    '/web-site',
    {
      schema: {
        tags,
        summary: "The web recharge site's configuration and published protocols",
        querystring: gameWebProtocolQuery,
      },
      config: GAME,
    },
    async (request, reply) => {
      const productId = await overseasCaller(request, gameLanguage(request.query.lang) ?? 'en');
      const row = await siteRow(db, productId);
      const config = row ? toSite(row) : defaultSite(productId);
      const published = await publishedProtocols(db, productId);
      const answer: GameWebSite = {
        domains: config.domains,
        payment_methods: config.payment_methods
          .filter((m) => m.enabled)
          .map((m) => ({ method: m.method, countries: m.countries })),
        languages: config.languages,
        default_language: config.default_language,
        support_email: config.support_email,
        maintenance: config.maintenance,
        maintenance_message: Object.fromEntries(
          Object.entries(config.maintenance_message).filter(([, text]) => text),
        ),
        protocols: published.map((p) => ({
          kind: p.kind,
          language: p.language,
          number: p.number,
          published_at: p.publishedAt?.toISOString() ?? null,
        })),
      };
      return sendTagged(request, reply, answer);
    },
  );
  app.get(
    '/web-protocols/:kind',
    {
      schema: {
        tags,
        summary: 'A published protocol in the language asked (else the default language)',
        params: gameWebProtocolParams,
        querystring: gameWebProtocolQuery,
      },
      config: GAME,
    },
    async (request, reply) => {
      const asked = gameLanguage(request.query.lang);
      const productId = await overseasCaller(request, asked ?? 'en');
      const config = await siteRow(db, productId);
      const fallback = config?.defaultLanguage ?? 'en';
      const row = await publishedProtocol(db, productId, request.params.kind, [
        ...new Set([asked ?? fallback, fallback]),
      ]);
      if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
      const answer: GameWebProtocol = {
        kind: row.kind,
        language: row.language,
        number: row.number,
        title: row.title,
        body: row.body,
        published_at: row.publishedAt?.toISOString() ?? null,
      };
      return sendTagged(request, reply, answer);
    },
  );
}
