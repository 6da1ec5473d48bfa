import { z } from 'zod';
import { iconUrl, keyword, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Internal documents (`/api/v1/documents`, page `/offline/documents`): rich text (cleaned by the
 * server's allow-list, like help articles), a category, attachments (uploaded images or addresses),
 * and every saved version kept (`GET /documents/:id/versions`). Searched by words of the title or
 * the text, and by category.
 */

/** A category: a short name staff type (an existing one is offered). */
export const documentCategory = safeText().trim().min(1).max(40);

/** The longest body, in characters of HTML. */
export const DOCUMENT_BODY_MAX = 200_000;

export const documentAttachment = z.object({
  name: safeText().trim().min(1).max(120),
  /** An uploaded file's address (`/files/…`) or an http(s) address. */
  url: iconUrl.refine((url) => url.length > 0, { params: { key: 'required' } }),
});
export type DocumentAttachment = z.infer<typeof documentAttachment>;

const documentFields = z.object({
  title: safeText().trim().min(1).max(200),
  category: documentCategory,
  /** Rich HTML; the server keeps only its allow-list of tags, attributes and link schemes. */
  body: safeText().max(DOCUMENT_BODY_MAX),
  attachments: z.array(documentAttachment).max(20),
});

export const documentCreateBody = documentFields.extend({
  body: documentFields.shape.body.default(''),
  attachments: documentFields.shape.attachments.default([]),
});
export type DocumentCreate = z.input<typeof documentCreateBody>;

export const documentUpdateBody = documentFields.partial().extend({ version: versionField });
export type DocumentUpdate = z.input<typeof documentUpdateBody>;

export const documentItem = documentFields.extend({
  ...rowMeta,
  /** Saved versions so far (1 once created). */
  revision: z.number().int(),
  updated_by: z.string(),
});
export type DocumentItem = z.infer<typeof documentItem>;

export const DOCUMENT_SORTS = ['updated_at', 'id', 'title', 'category'] as const;
export const documentFilters = {
  /** Words of the title or the text. */
  q: keyword,
  category: documentCategory.optional(),
};
export const documentListQuery = listQuery(DOCUMENT_SORTS, documentFilters);
export const documentExportQuery = exportQuery(documentFilters);
export const documentListAnswer = listAnswer(documentItem);

export const documentsResource = defineResource({
  name: 'documents',
  page: '/offline/documents',
  scope: 'cp',
  logTarget: 'document',
  namespace: 'documents',
  item: documentItem,
  create: documentCreateBody,
  update: documentUpdateBody,
  list: documentListQuery,
  export: documentExportQuery,
  filters: ['q', 'category'],
  sorts: DOCUMENT_SORTS,
  remove: 'delete',
  sheet: { key: 'id', columns: ['title', 'category', 'body'] },
});

/** One saved version of a document, as it was saved. */
export const documentVersion = z.object({
  revision: z.number().int(),
  title: z.string(),
  category: z.string(),
  body: z.string(),
  attachments: z.array(documentAttachment),
  by: z.string(),
  at: z.string(),
});
export type DocumentVersion = z.infer<typeof documentVersion>;
export const documentVersionsAnswer = z.object({ list: z.array(documentVersion) });
export const documentVersionParams = z.object({ id: queryInt(1), revision: queryInt(1) });

/** `GET /documents/categories`: the CP's categories in use. */
export const documentCategoriesAnswer = z.object({ categories: z.array(z.string()) });
