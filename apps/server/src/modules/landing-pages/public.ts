import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  ErrorCode,
  LANDING_PREFIX,
  LANDING_STORE_NAMES,
  LANDING_TEXTS,
  LANGUAGES,
  landingSlugParam,
  landingVisitQuery,
  type Language,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { PUBLIC } from '../../lib/route-access.ts';
import { landingPageVersions, landingPages, type LandingContent } from './tables.ts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const RTL = new Set<Language>(['ar']);
const HTML_LANG: Record<Language, string> = {
  zh: 'zh-CN',
  en: 'en',
  ja: 'ja',
  th: 'th',
  vi: 'vi',
  tl: 'tl',
  id: 'id',
  ar: 'ar',
  tc: 'zh-TW',
};

/** The language a visitor reads: `?lang=`, else the first of Accept-Language the page has, else its default. */
export function visitorLanguage(
  content: LandingContent,
  asked: Language | undefined,
  accept: string,
): Language {
  const has = new Set(content.variants.map((v) => v.lang));
  if (asked && has.has(asked)) return asked;
  for (const part of accept.slice(0, 256).split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    const lang: string =
      tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-hant'
        ? 'tc'
        : tag === 'fil'
          ? 'tl'
          : tag.split('-')[0]!;
    if ((LANGUAGES as readonly string[]).includes(lang) && has.has(lang as Language)) return lang as Language;
  }
  return content.defaultLang;
}

/**
 * The page of a version in a language: every value escaped, the body sanitised when it was saved
 * (lib/rich-text.ts), Open Graph and Twitter tags for the share previews, no script at all.
 */
export function renderLanding(
  content: LandingContent,
  lang: Language,
  pageUrl: string,
  origin: string,
): string {
  const variant = content.variants.find((v) => v.lang === lang) ?? content.variants[0]!;
  const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
  const get = content.storeButtons[0]?.url ?? '';
  const fallback = content.fallbackUrl || get;
  const meta = (property: string, value: string) =>
    value ? `<meta property="${property}" content="${escape(value)}">` : '';
  const ogTitle = variant.og_title || variant.title;
  const ogDescription = variant.og_description || variant.description;
  return [
    '<!doctype html>',
    `<html lang="${HTML_LANG[lang]}" dir="${RTL.has(lang) ? 'rtl' : 'ltr'}" data-template="${content.template}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(variant.title)}</title>`,
    variant.description ? `<meta name="description" content="${escape(variant.description)}">` : '',
    meta('og:type', 'website'),
    meta('og:url', pageUrl),
    meta('og:title', ogTitle),
    meta('og:description', ogDescription),
    meta('og:image', variant.og_image ? absolute(variant.og_image) : ''),
    `<meta name="twitter:card" content="${variant.og_image ? 'summary_large_image' : 'summary'}">`,
    '<style>body{font-family:system-ui,sans-serif;margin:0;color:#1f1f1f;background:#f5f5f5}',
    'main{max-width:640px;margin:0 auto;padding:24px 16px;background:#fff;min-height:100vh;box-sizing:border-box}',
    'img{max-width:100%;height:auto}.actions{display:flex;flex-wrap:wrap;gap:12px;margin:24px 0}',
    '.button{display:inline-block;padding:12px 20px;border-radius:8px;background:#0958d9;color:#fff;text-decoration:none}',
    '.store{background:#1f1f1f}</style></head>',
    `<body><main><h1>${escape(variant.title)}</h1>`,
    variant.description ? `<p class="description">${escape(variant.description)}</p>` : '',
    `<div class="body">${variant.body_html}</div>`,
    '<div class="actions">',
    content.deepLink
      ? `<a class="button open" href="${escape(content.deepLink)}">${LANDING_TEXTS.open[lang]}</a>`
      : '',
    fallback && content.deepLink
      ? `<a class="fallback" href="${escape(fallback)}">${LANDING_TEXTS.noApp[lang]}</a>`
      : '',
    '</div>',
    content.storeButtons.length
      ? `<nav class="actions" aria-label="${LANDING_TEXTS.stores[lang]}">${content.storeButtons
          .map(
            (b) =>
              `<a class="button store" data-store="${b.store}" href="${escape(b.url)}">${LANDING_STORE_NAMES[b.store]}</a>`,
          )
          .join('')}</nav>`
      : '',
    '</main></body></html>',
  ].join('');
}

/**
 * Versions never change: their rendered pages are kept a while, per version, language and origin.
 * Per database (tests run several in one process, with the same ids).
 */
const caches = new WeakMap<Db, Map<string, string>>();
const RENDERED_LIMIT = 2000;

async function contentOf(db: Db, pageId: number, number: number): Promise<LandingContent | undefined> {
  const [row] = await db
    .select({ content: landingPageVersions.content })
    .from(landingPageVersions)
    .where(and(eq(landingPageVersions.pageId, pageId), eq(landingPageVersions.number, number)));
  return row?.content;
}

/**
 * `GET /l/:slug?lang=`: the published version of a landing page, counted as a visit (one statement:
 * the counter and which version is live), rendered once per version and language.
 */
export async function landingPublicRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${LANDING_PREFIX}:slug`,
      { schema: { hide: true, params: landingSlugParam, querystring: landingVisitQuery }, config: PUBLIC },
      async (request, reply) => {
        const [page] = await db
          .update(landingPages)
          .set({ visits: sql`${landingPages.visits} + 1` })
          .where(and(eq(landingPages.slug, request.params.slug), isNotNull(landingPages.liveVersion)))
          .returning({ id: landingPages.id, live: landingPages.liveVersion });
        if (!page?.live) throw new ApiError(ErrorCode.NOT_FOUND);
        let cache = caches.get(db);
        if (!cache) caches.set(db, (cache = new Map()));
        const origin = `${request.protocol}://${request.host}`;
        const asked = request.query.lang ?? '';
        const accept = (request.headers['accept-language'] ?? '').slice(0, 256);
        const key = `${page.id}:${page.live}:${asked}:${accept}:${origin}`;
        let html = cache.get(key);
        if (!html) {
          const content = await contentOf(db, page.id, page.live);
          if (!content) throw new ApiError(ErrorCode.NOT_FOUND);
          const lang = visitorLanguage(content, request.query.lang, accept);
          html = renderLanding(content, lang, `${origin}${LANDING_PREFIX}${request.params.slug}`, origin);
          if (cache.size >= RENDERED_LIMIT) cache.clear();
          cache.set(key, html);
        }
        return reply
          .header('cache-control', 'no-store')
          .header('vary', 'accept-language')
          .type('text/html; charset=utf-8')
          .send(html);
      },
    );
}
