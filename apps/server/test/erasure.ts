import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/index.ts';
import { queryRows } from '../src/lib/rows.ts';

/**
 * Every place of the schema, outside the receipts, where an openid still is (table.column → rows):
 * every text, JSON and array column of every table, whatever it is filed under (one query a table).
 * The check of the account-cancellation tests and of `bench/erasure.ts`.
 */
export async function wherePresent(db: Db, openid: string): Promise<Record<string, number>> {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select c.table_name, c.column_name, c.data_type
        from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
        where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE'
          and c.table_name <> 'account_cancellations'
          and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or c.data_type = 'ARRAY')
        order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, typeof columns>();
  for (const c of columns) tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c]);
  const like = `%${openid}%`;
  const found: Record<string, number> = {};
  for (const [table, list] of tables) {
    const counts = list.map((c, i) => {
      const column = sql.identifier(c.column_name);
      const text =
        c.data_type === 'text' || c.data_type === 'character varying' ? column : sql`${column}::text`;
      return sql`count(*) filter (where ${text} like ${like})::int as ${sql.identifier(`c${i}`)}`;
    });
    const [row] = await queryRows<Record<string, number>>(
      db,
      sql`select ${sql.join(counts, sql`, `)} from ${sql.identifier(table)}`,
    );
    list.forEach((c, i) => {
      if (row![`c${i}`]! > 0) found[`${table}.${c.column_name}`] = row![`c${i}`]!;
    });
  }
  return found;
}
