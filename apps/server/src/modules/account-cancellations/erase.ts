import { and, asc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { ErasureReceipt } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { emitCallback } from '../callbacks/index.ts';
import { players } from '../players/index.ts';
import { accountCancellations } from './tables.ts';

type Row = typeof accountCancellations.$inferSelect;

/** The table that keeps the receipt: the one place the openid stays. */
const RECEIPT_TABLE = 'account_cancellations';

/** A column that may hold an openid: a text, a list of texts, or JSON. */
interface TextColumn {
  table_name: string;
  column_name: string;
  kind: 'text' | 'array' | 'json';
}

/**
 * Every column of the schema that may hold a player's openid, by table, with whether the table is
 * filed by game (`product_id`) or by CP (`cp_id`). Read from the information schema at each erasure,
 * so a table a module adds later is erased too without being listed anywhere.
 */
async function textColumns(db: Db) {
  const columns = await queryRows<TextColumn>(
    db,
    sql`select c.table_name, c.column_name,
          case when c.data_type = 'jsonb' or c.data_type = 'json' then 'json'
               when c.data_type = 'ARRAY' then 'array' else 'text' end as kind
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
          and c.is_generated = 'NEVER'
          and (c.data_type in ('text', 'character varying', 'jsonb', 'json')
               or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
        order by c.table_name, c.ordinal_position`,
  );
  const scopes = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_name in ('product_id', 'cp_id')`,
  );
  const tables = new Map<string, { columns: TextColumn[]; product: boolean; cp: boolean }>();
  for (const column of columns) {
    if (column.table_name === RECEIPT_TABLE) continue;
    const entry = tables.get(column.table_name) ?? { columns: [], product: false, cp: false };
    entry.columns.push(column);
    tables.set(column.table_name, entry);
  }
  for (const scope of scopes) {
    const entry = tables.get(scope.table_name);
    if (!entry) continue;
    if (scope.column_name === 'product_id') entry.product = true;
    else entry.cp = true;
  }
  return tables;
}

/** The openid as a regular expression, taken literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An openid inside a text, as a whole token (`abc` in "abc log.level" but not in "abcd"): the
 * characters around it are not letters, digits nor `_` (an event id `<openid>-login` is theirs too).
 */
const tokenPattern = (openid: string) => `(^|[^A-Za-z0-9_])${literal(openid)}($|[^A-Za-z0-9_])`;

/** Per column: the condition that it holds the openid, and the value with it replaced. */
function columnChange(column: TextColumn, openid: string, pseudonym: string): { holds: SQL; value: SQL } {
  const c = sql.identifier(column.column_name);
  if (column.kind === 'array')
    return { holds: sql`${openid} = any(${c})`, value: sql`array_replace(${c}, ${openid}, ${pseudonym})` };
  if (column.kind === 'json') {
    // The openid as a JSON string (a value or a key), quotes included: never part of a longer one.
    const quoted = sql`to_jsonb(${openid}::text)::text`;
    return {
      holds: sql`strpos(${c}::text, ${quoted}) > 0`,
      value: sql`replace(${c}::text, ${quoted}, to_jsonb(${pseudonym}::text)::text)::jsonb`,
    };
  }
  const pattern = tokenPattern(openid);
  return {
    holds: sql`(strpos(${c}, ${openid}) > 0 and ${c} ~ ${pattern})`,
    value: sql`regexp_replace(${c}, ${pattern}, ${`\\1${pseudonym.replace(/\\/g, '\\\\')}\\2`}, 'g')`,
  };
}

/**
 * Erases one player of a game: their account row goes (with its sign-ins, devices, characters and
 * orders, deleted with it), and every other row of the game (or of its CP, for tables filed by CP)
 * that still names them has the openid replaced by a pseudonym, so records that must stay (refunds,
 * sanctions, the operation log) stay without saying who. Answers what was done, table by table.
 */
export async function erasePlayer(
  tx: Db,
  request: Pick<Row, 'id' | 'cpId' | 'productId' | 'openid'>,
): Promise<ErasureReceipt> {
  const { openid, productId, cpId } = request;
  const pseudonym = `erased-${request.id}`;
  const tables: ErasureReceipt['tables'] = {};
  const deleted = await tx
    .delete(players)
    .where(and(eq(players.productId, productId), eq(players.openid, openid)))
    .returning({ id: players.id });
  if (deleted.length) tables.players = { deleted: deleted.length, anonymised: 0 };

  for (const [table, entry] of await textColumns(tx)) {
    // A table filed neither by game nor by CP cannot tell whose openid it holds: left alone.
    const scope = entry.product
      ? sql`product_id = ${productId}`
      : entry.cp
        ? sql`cp_id = ${cpId}`
        : undefined;
    if (!scope) continue;
    const changes = entry.columns.map((column) => ({ column, ...columnChange(column, openid, pseudonym) }));
    const set = sql.join(
      changes.map(
        ({ column, holds, value }) =>
          sql`${sql.identifier(column.column_name)} = case when ${holds} then ${value} else ${sql.identifier(column.column_name)} end`,
      ),
      sql`, `,
    );
    const any = sql.join(
      changes.map(({ holds }) => sql`coalesce(${holds}, false)`),
      sql` or `,
    );
    const [done] = await queryRows<{ count: number }>(
      tx,
      sql`with changed as (update ${sql.identifier(table)} set ${set} where ${scope} and (${any}) returning 1)
          select count(*)::int as count from changed`,
    );
    if (done && done.count > 0) tables[table] = { deleted: 0, anonymised: done.count };
  }
  return { erased_at: new Date().toISOString(), tables, pseudonym };
}

/**
 * Erases the requests whose cooling-off is over (not withdrawn, not held), each in its own
 * transaction under a row lock, so two instances never erase one twice. Answers how many it erased.
 */
export async function eraseDue(db: Db, now = new Date(), limit = 50): Promise<number> {
  const due = await db
    .select({ id: accountCancellations.id })
    .from(accountCancellations)
    .where(
      and(
        eq(accountCancellations.status, 'cooling_off'),
        eq(accountCancellations.legalHold, false),
        lte(accountCancellations.eraseAt, now),
      ),
    )
    .orderBy(asc(accountCancellations.eraseAt))
    .limit(limit);
  let erased = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(accountCancellations)
        .where(
          and(
            eq(accountCancellations.id, id),
            eq(accountCancellations.status, 'cooling_off'),
            eq(accountCancellations.legalHold, false),
            lte(accountCancellations.eraseAt, now),
          ),
        )
        .for('update', { skipLocked: true });
      if (!row) return false;
      const receipt = await erasePlayer(tx, row);
      await tx
        .update(accountCancellations)
        .set({
          status: 'erased',
          receipt,
          version: sql`${accountCancellations.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(accountCancellations.id, id));
      // The game learns which request was carried out (it knows the request's player; no openid is sent).
      await emitCallback(tx, {
        cpId: row.cpId,
        productId: row.productId,
        event: 'account.cancelled',
        data: { cancellation_id: row.id, erased_at: receipt.erased_at },
      });
      return true;
    });
    if (done) erased += 1;
  }
  return erased;
}
