import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  documentCategoriesAnswer,
  documentsResource,
  documentVersionsAnswer,
  type DocumentItem,
  type DocumentVersion,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import {
  resourceRoutes,
  resourceService,
  rowReadRoute,
  type CreateInput,
  type ResourceImpl,
  type ResourceService,
  type UpdateInput,
} from '../../lib/resource-routes.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { documentVersions, documents } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof documents.$inferSelect;
type Resource = typeof documentsResource;

/** `%…%` with the LIKE wildcards of the text taken literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toItem(row: Row): DocumentItem {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    body: row.body,
    attachments: row.attachments,
    revision: row.revision,
    updated_by: row.updatedBy,
    ...stamps(row),
  };
}

const impl: ResourceImpl<Resource, typeof documents, DocumentItem, null> = {
  table: documents,
  toItem,
  nameOf: (row) => row.title,
  where: (f) => [
    // Every word must be in the title or the text (tags and all: HTML is searched as written).
    ...(f.q ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 8)
      .map((word) => or(ilike(documents.title, likeText(word)), ilike(documents.body, likeText(word)))),
    f.category ? eq(documents.category, f.category) : undefined,
  ],
  columns: (input, before) => ({
    title: input.title,
    category: input.category,
    body: input.body === undefined ? undefined : sanitizeRichText(input.body),
    attachments: input.attachments,
    ...(before ? { revision: sql`${documents.revision} + 1` } : {}),
  }),
  sheet: autoSheet<DocumentItem>(documentsResource),
};

const base = resourceService(documentsResource, impl);

/** Keeps the rows as saved, as versions, and who saved them. */
async function keepVersions(tx: Db, scope: Scope, ids: number[]): Promise<DocumentItem[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(documents)
    .set({ updatedBy: scope.username })
    .where(inArray(documents.id, ids))
    .returning();
  await tx.insert(documentVersions).values(
    rows.map((row) => ({
      documentId: row.id,
      revision: row.revision,
      title: row.title,
      category: row.category,
      body: row.body,
      attachments: row.attachments,
      byName: scope.username,
    })),
  );
  const byId = new Map(rows.map((row) => [row.id, toItem(row)]));
  return ids.map((id) => byId.get(id)!);
}

/** The documents service: every create and update also keeps the saved version. */
export const documentService: ResourceService<Resource, DocumentItem> = {
  ...base,
  create: (db, scope, input: CreateInput<Resource>) =>
    db.transaction(async (tx) => {
      const item = await base.create(tx, scope, input);
      return (await keepVersions(tx, scope, [item.id]))[0]!;
    }),
  createMany: (db, scope, inputs: CreateInput<Resource>[]) =>
    db.transaction(async (tx) => {
      const items = await base.createMany(tx, scope, inputs);
      return keepVersions(
        tx,
        scope,
        items.map((item) => item.id),
      );
    }),
  update: (db, scope, id, input: UpdateInput<Resource>) =>
    db.transaction(async (tx) => {
      const item = await base.update(tx, scope, id, input);
      return (await keepVersions(tx, scope, [item.id]))[0]!;
    }),
};

function versionOf(row: typeof documentVersions.$inferSelect): DocumentVersion {
  return {
    revision: row.revision,
    title: row.title,
    category: row.category,
    body: row.body,
    attachments: row.attachments,
    by: row.byName,
    at: row.at.toISOString(),
  };
}

/** `/documents`: list and search, read, create, edit, delete, export, import; versions; categories. */
export async function documentRoutes(fastify: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Declared before `/documents/:id`, which would otherwise take "categories" for an id.
  app.get(
    '/documents/categories',
    {
      schema: { tags: ['documents'], summary: "The CP's document categories in use" },
      config: can(documentsResource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const rows = await db
        .selectDistinct({ category: documents.category })
        .from(documents)
        .where(eq(documents.cpId, scope.cpId))
        .orderBy(asc(documents.category));
      return ok(documentCategoriesAnswer.parse({ categories: rows.map((r) => r.category) }));
    },
  );
  resourceRoutes(fastify, db, documentsResource, documentService, impl);
  rowReadRoute(app, db, {
    path: '/documents/:id/versions',
    tags: ['documents'],
    summary: "A document's saved versions, newest first",
    resource: documentsResource,
    table: documents,
    read: async (document) => {
      const rows = await db
        .select()
        .from(documentVersions)
        .where(and(eq(documentVersions.documentId, document.id)))
        .orderBy(desc(documentVersions.revision))
        .limit(200);
      return documentVersionsAnswer.parse({ list: rows.map(versionOf) });
    },
  });
}
