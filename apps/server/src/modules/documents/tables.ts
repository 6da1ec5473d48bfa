import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { DocumentAttachment } from '@rx/contracts';
import { at, bigSerialId, cpRef, editStamps, serialId, updatedBy } from '../../db/schema.ts';

/** A CP's internal documents: the current version of each. */
export const documents = pgTable(
  'documents',
  {
    id: serialId(),
    cpId: cpRef(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    /** Sanitised HTML (lib/rich-text.ts). */
    body: text('body').notNull().default(''),
    attachments: jsonb('attachments').$type<DocumentAttachment[]>().notNull().default([]),
    revision: integer('revision').notNull().default(1),
    updatedBy: updatedBy(),
    ...editStamps(),
  },
  (t) => [index('documents_cp_category').on(t.cpId, t.category)],
);

/** Every saved version of a document (the current one included), deleted with it. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: bigSerialId(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<DocumentAttachment[]>().notNull().default([]),
    byName: text('by_name').notNull().default(''),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('document_versions_document').on(t.documentId, t.revision)],
);
