import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { FileUse } from '@rx/contracts';
import { cpRef, createdAt, users } from '../../db/schema.ts';

/**
 * Uploaded files of a CP. The id is random and unguessable (it is also the public address of an
 * image); the bytes live under `storage_key` in the store named by `storage`, so files uploaded
 * before S3 was configured stay readable from the disk.
 */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    cpId: cpRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    use: text('use').$type<FileUse>().notNull(),
    /** The name the uploader's file had (shown and offered on download, never used as a path). */
    name: text('name').notNull(),
    /** The type sniffed from the bytes, not the one the browser claimed. */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** Null for files uploaded before it was kept. */
    md5: text('md5'),
    storage: text('storage').$type<'local' | 's3'>().notNull(),
    storageKey: text('storage_key').notNull(),
    /** Images only: the dimensions read from the header. */
    width: integer('width'),
    height: integer('height'),
    /** Videos only: the length read from the container. */
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [index('files_cp_created').on(t.cpId, t.createdAt)],
);
