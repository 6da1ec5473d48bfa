import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  idParam,
  landingPagesResource,
  landingPublishBody,
  landingRollbackBody,
  landingVersionsAnswer,
  type LandingPage,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { logChange } from '../../lib/operation-log.ts';
import { contains } from '../../lib/list.ts';
import { ruleError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import {
  resourceRoutes,
  resourceService,
  resourceTableRoutes,
  rowReadRoute,
  type ResourceImpl,
} from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { rowInScope } from '../../lib/scope.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { landingPageVersions, landingPages, type LandingContent } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof landingPages.$inferSelect;

const impl: ResourceImpl<typeof landingPagesResource, typeof landingPages, LandingPage, null> = {
  table: landingPages,
  toItem: (row: Row): LandingPage => ({
    id: row.id,
    product_id: row.productId,
    slug: row.slug,
    name: row.name,
    template: row.template,
    default_lang: row.defaultLang,
    variants: row.variants,
    store_buttons: row.storeButtons,
    deep_link: row.deepLink,
    fallback_url: row.fallbackUrl,
    live_version: row.liveVersion,
    versions: row.versions,
    visits: row.visits,
    ...stamps(row),
  }),
  nameOf: (row) => `${row.slug} ${row.name}`,
  where: (f) => [
    f.q ? sql`(${contains(landingPages.name, f.q)} or ${contains(landingPages.slug, f.q)})` : undefined,
    f.template ? eq(landingPages.template, f.template) : undefined,
  ],
  columns: (input) => ({
    slug: input.slug,
    name: input.name,
    template: input.template,
    defaultLang: input.default_lang,
    // The body is kept sanitised: what is served is what staff saw saved.
    variants: input.variants?.map((v) => ({ ...v, body_html: sanitizeRichText(v.body_html) })),
    storeButtons: input.store_buttons,
    deepLink: input.deep_link,
    fallbackUrl: input.fallback_url,
  }),
  /** A slug is the public address of one page. */
  unique: { landing_pages_slug: 'slug' },
};

export const landingPageService = resourceService(landingPagesResource, impl);

const contentOf = (row: Row): LandingContent => ({
  template: row.template,
  defaultLang: row.defaultLang,
  variants: row.variants,
  storeButtons: row.storeButtons,
  deepLink: row.deepLink,
  fallbackUrl: row.fallbackUrl,
});

/**
 * `/landing-pages`: the drafts; `/:id/publish` freezes the draft as the next version and serves it;
 * `/:id/rollback` serves an earlier version again; `/:id/versions` lists what was published.
 */
export async function landingPageRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [landingPagesResource.name];
  resourceTableRoutes(fastify, db, landingPagesResource, {
    exporter: {
      name: landingPagesResource.name,
      headers: [
        'id',
        'slug',
        'name',
        'template',
        'default_lang',
        'live_version',
        'versions',
        'visits',
        'updated_at',
      ],
      prepare: async () => null,
      toCells: (item: LandingPage) => item as never,
      batch: (db2: Db, scope, filters, after: number, limit: number) =>
        landingPageService.batch(db2, scope, filters as never, after, limit),
    },
  });
  resourceRoutes(fastify, db, landingPagesResource, landingPageService, impl);

  /**
   * `POST /landing-pages/:id/<action>`: `move` changes which version is live in one transaction
   * (answering the saved row and, on a rollback, the live version it replaced); logged as `action`,
   * answered with the page.
   */
  const liveVersionRoute = <B extends z.ZodType>(
    action: 'publish' | 'rollback',
    summary: string,
    body: B,
    move: (
      tx: Db,
      scope: Scope,
      target: SQL,
      body: z.output<B>,
    ) => Promise<{ saved: Row; before?: { live_version: number | null } }>,
  ) =>
    app.post(
      `/landing-pages/:id/${action}`,
      { schema: { tags, summary, params: idParam, body }, config: can(landingPagesResource, 'update') },
      async (request) => {
        const scope = scopeOf(request);
        const target = rowInScope(landingPages, scope, request.params.id);
        const row = await db.transaction(async (tx) => {
          const { saved, before } = await move(tx, scope, target, request.body as z.output<B>);
          await logChange(tx, scope, {
            action,
            targetType: 'landing_page',
            targetId: saved.id,
            targetName: impl.nameOf(saved),
            before,
            after: { live_version: saved.liveVersion },
          });
          return saved;
        });
        return ok(impl.toItem(row));
      },
    );

  liveVersionRoute(
    'publish',
    'Publish the draft as the next version',
    landingPublishBody,
    async (tx, scope, target, body) => {
      const next = sql`${landingPages.versions} + 1`;
      const saved = await updateVersioned(tx, landingPages, target, body.version, {
        versions: next,
        liveVersion: next,
      });
      await tx.insert(landingPageVersions).values({
        pageId: saved.id,
        number: saved.versions,
        content: contentOf(saved),
        publishedBy: scope.username,
      });
      return { saved };
    },
  );

  liveVersionRoute(
    'rollback',
    'Serve an earlier published version',
    landingRollbackBody,
    async (tx, scope, target, body) => {
      const page = await findOr404(tx, landingPages, target);
      const [version] = await tx
        .select({ number: landingPageVersions.number })
        .from(landingPageVersions)
        .where(and(eq(landingPageVersions.pageId, page.id), eq(landingPageVersions.number, body.to)));
      if (!version) throw ruleError(scope.lang, 'landing_version_unknown');
      const saved = await updateVersioned(tx, landingPages, target, body.version, {
        liveVersion: version.number,
      });
      return { saved, before: { live_version: page.liveVersion } };
    },
  );

  rowReadRoute(app, db, {
    path: '/landing-pages/:id/versions',
    tags,
    summary: 'The published versions of a landing page, newest first',
    resource: landingPagesResource,
    table: landingPages,
    read: async (page) => {
      const rows = await db
        .select()
        .from(landingPageVersions)
        .where(eq(landingPageVersions.pageId, page.id))
        .orderBy(desc(landingPageVersions.number))
        .limit(500);
      return landingVersionsAnswer.parse({
        list: rows.map((v) => ({
          number: v.number,
          published_at: v.publishedAt.toISOString(),
          published_by: v.publishedBy,
          title:
            (v.content.variants.find((x) => x.lang === v.content.defaultLang) ?? v.content.variants[0])
              ?.title ?? '',
          live: v.number === page.liveVersion,
        })),
      });
    },
  });
}
