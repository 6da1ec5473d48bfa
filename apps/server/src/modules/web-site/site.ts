import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, WEB_PAYMENT_METHODS, type WebSite, type webSiteUpdateBody } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction, isUniqueViolation } from '../../lib/problems.ts';
import { inScope } from '../../lib/scope.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { webSites } from './tables.ts';

type Row = typeof webSites.$inferSelect;
type SiteInput = z.output<typeof webSiteUpdateBody>;

const EMPTY_MESSAGE = { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' };

/** The configuration of a product that saved none yet (version 0): English only, no method enabled. */
export function defaultSite(productId: number): WebSite {
  return {
    product_id: productId,
    domains: [],
    payment_methods: WEB_PAYMENT_METHODS.map((method) => ({ method, enabled: false, countries: [] })),
    languages: ['en'],
    default_language: 'en',
    support_email: '',
    maintenance: false,
    maintenance_message: { ...EMPTY_MESSAGE },
    version: 0,
    updated_by: '',
    updated_at: null,
  };
}

export function toSite(row: Row): WebSite {
  return {
    product_id: row.productId,
    domains: row.domains,
    payment_methods: row.paymentMethods as WebSite['payment_methods'],
    languages: row.languages as WebSite['languages'],
    default_language: row.defaultLanguage as WebSite['default_language'],
    support_email: row.supportEmail,
    maintenance: row.maintenance,
    maintenance_message: { ...EMPTY_MESSAGE, ...row.maintenanceMessage },
    version: row.version,
    updated_by: row.updatedBy,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function siteRow(db: Db, productId: number): Promise<Row | undefined> {
  const [row] = await db.select().from(webSites).where(eq(webSites.productId, productId));
  return row;
}

export async function getSite(db: Db, scope: ProductScope): Promise<WebSite> {
  const [row] = await db.select().from(webSites).where(inScope(webSites, scope));
  return row ? toSite(row) : defaultSite(scope.productId);
}

/** Domains another product's site already serves (a domain serves one site). */
async function takenDomains(db: Db, productId: number, domains: string[]): Promise<Set<string>> {
  if (!domains.length) return new Set();
  const rows = await db
    .select({ domain: sql<string>`d.value` })
    .from(webSites)
    .innerJoin(sql`jsonb_array_elements_text(${webSites.domains}) as d(value)`, sql`true`)
    .where(
      and(
        ne(webSites.productId, productId),
        sql`d.value in (${sql.join(
          domains.map((d) => sql`${d}`),
          sql`, `,
        )})`,
      ),
    );
  return new Set(rows.map((r) => r.domain));
}

/**
 * Saves the whole configuration: version 0 creates it (409001 when another save came first), any
 * other version must be the current one (409001). Domains must be free; the change is logged.
 */
export function saveSite(db: Db, scope: ProductScope, input: SiteInput): Promise<WebSite> {
  return inTransaction(db, scope.lang, async (tx) => {
    const taken = await takenDomains(tx, scope.productId, input.domains);
    const problems = new FieldProblems(scope.lang);
    input.domains.forEach((domain, i) => {
      if (taken.has(domain)) problems.add(`domains.${i}`, 'taken');
    });
    problems.throwIfAny();
    const values = {
      domains: input.domains,
      paymentMethods: input.payment_methods,
      languages: input.languages,
      defaultLanguage: input.default_language,
      supportEmail: input.support_email,
      maintenance: input.maintenance,
      maintenanceMessage: input.maintenance_message,
      updatedBy: scope.username,
    };
    const [current] = await tx.select().from(webSites).where(inScope(webSites, scope));
    let row: Row;
    if (input.version === 0) {
      if (current) throw new ApiError(ErrorCode.CONFLICT);
      try {
        [row] = (await tx
          .insert(webSites)
          .values({ ...values, cpId: scope.cpId, productId: scope.productId })
          .returning()) as [Row];
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(ErrorCode.CONFLICT);
        throw error;
      }
    } else {
      row = await updateVersioned(tx, webSites, inScope(webSites, scope), input.version, values);
    }
    const item = toSite(row);
    await logChange(tx, scope, {
      action: current ? 'update' : 'create',
      targetType: 'web_site',
      targetId: row.id,
      targetName: `web-site:${scope.productId}`,
      before: current ? toSite(current) : undefined,
      after: item,
    });
    return item;
  });
}
