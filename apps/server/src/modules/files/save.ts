import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { PUBLIC_FILE_PREFIX, type FileItem, type FileUse } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { logChange, type Actor } from '../../lib/operation-log.ts';
import type { FileStorage } from './routes.ts';
import { files } from './tables.ts';

type FileRow = typeof files.$inferSelect;

/** Uses served at the public `/files/<id>`: what games and players must reach (icons, share videos). */
export const PUBLIC_USES = ['image', 'video'] as const;
export const isPublic = (use: FileRow['use']) => (PUBLIC_USES as readonly string[]).includes(use);

/** An image's or video's address: the store's public one, else this server's `/files/<id>`; other files need a token. */
function urlOf(storage: FileStorage, row: Pick<FileRow, 'id' | 'use' | 'storage' | 'storageKey'>): string {
  return isPublic(row.use)
    ? (storage.stores[row.storage]?.publicUrl(row.storageKey) ?? `${PUBLIC_FILE_PREFIX}${row.id}`)
    : `/api/v1/files/${row.id}`;
}

export const fileItemOf = (storage: FileStorage, row: FileRow): FileItem => ({
  id: row.id,
  url: urlOf(storage, row),
  sha256: row.sha256,
  size: row.size,
  content_type: row.contentType,
  name: row.name,
  use: row.use,
  ...(row.durationMs !== null ? { duration_ms: row.durationMs } : {}),
});

/** A new random file id: 128 bits, the public address of an image. */
export const newFileId = (): string => randomBytes(16).toString('base64url');

/** A checked file waiting in the incoming folder under its id, with what was learnt of its bytes. */
export interface CheckedFile {
  id: string;
  /** Its path in `storage.incoming`; moved into the store, or removed when that fails. */
  temporary: string;
  size: number;
  name: string;
  use: FileUse;
  contentType: string;
  sha256: string;
  md5: string;
  width?: number;
  height?: number;
  durationMs?: number;
}

/**
 * Keeps a checked file as every upload is kept: its bytes moved into the target store under
 * `files/<cp>/<id>`, its row and the operation log's entry in one transaction (the stored bytes are
 * removed again when that fails).
 */
export async function keepFile(
  db: Db,
  storage: FileStorage,
  actor: Omit<Actor, 'productId'>,
  file: CheckedFile,
): Promise<FileItem> {
  const { target } = storage;
  const storageKey = `files/${actor.cpId}/${file.id}`;
  try {
    await target.put(storageKey, file.temporary, file.size, file.contentType);
  } catch (error) {
    await fs.promises.rm(file.temporary, { force: true });
    throw error;
  }
  const row = {
    id: file.id,
    cpId: actor.cpId,
    userId: actor.userId,
    use: file.use,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    sha256: file.sha256,
    md5: file.md5,
    storage: target.kind,
    storageKey,
    width: file.width ?? null,
    height: file.height ?? null,
    durationMs: file.durationMs ?? null,
  };
  try {
    return await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(files).values(row).returning();
      const item = fileItemOf(storage, inserted!);
      await logChange(
        tx,
        { ...actor, productId: null },
        { action: 'create', targetType: 'file', targetId: file.id, targetName: file.name, after: item },
      );
      return item;
    });
  } catch (error) {
    await target.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Keeps bytes the server made (a cropped image) as an upload of the actor's CP. */
export async function keepBytes(
  db: Db,
  storage: FileStorage,
  actor: Omit<Actor, 'productId'>,
  made: { bytes: Buffer; name: string; use: FileUse; contentType: string; width?: number; height?: number },
): Promise<FileItem> {
  const id = newFileId();
  const temporary = path.join(storage.incoming, id);
  await fs.promises.writeFile(temporary, made.bytes, { mode: 0o600 });
  return keepFile(db, storage, actor, {
    id,
    temporary,
    size: made.bytes.length,
    name: made.name,
    use: made.use,
    contentType: made.contentType,
    sha256: createHash('sha256').update(made.bytes).digest('hex'),
    md5: createHash('md5').update(made.bytes).digest('hex'),
    width: made.width,
    height: made.height,
  });
}
