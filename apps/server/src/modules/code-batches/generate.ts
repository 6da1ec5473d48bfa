import { randomBytes } from 'node:crypto';
import { setImmediate as nextLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { CODE_ALPHABET } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';

/**
 * Code generation: random codes from node:crypto over the 31-character alphabet (no 0/O, 1/I/L),
 * written by the generation job in chunks. Each chunk is one job item: it counts the codes it
 * already made (`codes.chunk`), draws the missing ones and inserts them with
 * `INSERT … ON CONFLICT DO NOTHING`, counting what went in and drawing again for collisions (with
 * any code of the product). An item commits with its "done" mark (lib/jobs), so a job killed
 * mid-way resumes with the chunks not yet done, and a chunk run twice tops up instead of adding.
 */

/** Codes per job item. */
export const CHUNK_SIZE = 20_000;
/** Codes per INSERT statement (one text parameter each). */
const INSERT_ROWS = 5_000;

/** Bytes at or above this are dropped, so every character of the alphabet is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % CODE_ALPHABET.length);

/** `count` distinct random codes: `prefix` then `length − prefix` alphabet characters. */
export function randomCodes(count: number, length: number, prefix: string): string[] {
  const randomLength = length - prefix.length;
  const out = new Set<string>();
  let pool = randomBytes(Math.ceil(count * randomLength * 1.1) + 64);
  let at = 0;
  while (out.size < count) {
    let code = prefix;
    while (code.length < length) {
      if (at >= pool.length) {
        pool = randomBytes(Math.max(1024, (count - out.size) * randomLength * 2));
        at = 0;
      }
      const byte = pool[at++]!;
      if (byte < UNBIASED_LIMIT) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
    out.add(code);
  }
  return [...out];
}

/** The chunks of a batch of `quantity` codes: [{ chunk, count }]. */
export function chunksOf(quantity: number): { chunk: number; count: number }[] {
  const chunks = [];
  for (let chunk = 0; chunk * CHUNK_SIZE < quantity; chunk++) {
    chunks.push({ chunk, count: Math.min(CHUNK_SIZE, quantity - chunk * CHUNK_SIZE) });
  }
  return chunks;
}

/** Inserts codes, skipping any the product already has; answers how many went in. */
export async function insertCodes(
  tx: Db,
  target: { productId: number; batchId: number; chunk: number },
  list: string[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < list.length; start += INSERT_ROWS) {
    const part = list.slice(start, start + INSERT_ROWS).join(',');
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`with ins as (
        insert into codes (product_id, code, batch_id, chunk)
        select ${target.productId}, c, ${target.batchId}, ${target.chunk}
        from unnest(string_to_array(${part}::text, ',')) as c
        on conflict do nothing
        returning 1)
      select count(*)::int as n from ins`,
    );
    inserted += Number(row!.n);
    // A turn of the event loop between statements: the codes' hashing is this thread's work.
    await nextLoop();
  }
  return inserted;
}

export interface ChunkInput {
  batch_id: number;
  product_id: number;
  chunk: number;
  count: number;
  length: number;
  prefix: string;
}

/** One generation item: tops the chunk up to `count` codes and adds what it made to `generated`. */
export async function generateChunk(tx: Db, input: ChunkInput): Promise<{ made: number }> {
  const [had] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from codes where batch_id = ${input.batch_id} and chunk = ${input.chunk}`,
  );
  let missing = input.count - Number(had!.n);
  const made = Math.max(0, missing);
  // Collisions are rare (the length allows ≥ 10^6 × quantity codes); a few rounds always suffice.
  for (let round = 0; missing > 0; round++) {
    if (round >= 50) throw new Error('code space exhausted: too many collisions');
    const target = { productId: input.product_id, batchId: input.batch_id, chunk: input.chunk };
    missing -= await insertCodes(tx, target, randomCodes(missing, input.length, input.prefix));
  }
  if (made > 0) {
    await tx.execute(
      sql`update code_batches set generated = generated + ${made} where id = ${input.batch_id}`,
    );
  }
  return { made };
}
