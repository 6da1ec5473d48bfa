import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/index.ts';
import { queryRows } from '../../lib/rows.ts';
import {
  declaredColumns,
  NAMES_PLAYER,
  NO_PLAYER_DATA,
  PLAYER_DATA,
  type PlayerData,
} from './player-data.ts';

const t = useTestApp();

/** What the check reads of the migrated schema. */
interface Schema {
  /** Table → column → its type (`text`, `jsonb`, `ARRAY`, `integer`…). */
  columns: Map<string, Map<string, string>>;
  /** `table.column` keys to `players` that delete with it. */
  cascades: Set<string>;
  /** Per table, each index's columns in order; and the table's key columns (to a parent row). */
  indexes: Map<string, string[][]>;
  keys: Map<string, string[]>;
}

async function readSchema(): Promise<Schema> {
  const db = t.database.db;
  const rows = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select c.table_name, c.column_name, c.data_type from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
        where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE'`,
  );
  const columns = new Map<string, Map<string, string>>();
  for (const r of rows)
    columns.set(r.table_name, (columns.get(r.table_name) ?? new Map()).set(r.column_name, r.data_type));
  const fks = await queryRows<{ table: string; column: string; parent: string; cascade: boolean }>(
    db,
    sql`select t.relname as table, a.attname as column, r.relname as parent, k.confdeltype = 'c' as cascade
        from pg_constraint k
        join pg_class t on t.oid = k.conrelid join pg_class r on r.oid = k.confrelid
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
        where k.contype = 'f' and t.relnamespace = current_schema()::regnamespace`,
  );
  const keys = new Map<string, string[]>();
  for (const fk of fks) keys.set(fk.table, [...(keys.get(fk.table) ?? []), fk.column]);
  const indexed = await queryRows<{ table: string; columns: string[] }>(
    db,
    sql`select t.relname as table,
          array(select a.attname from unnest(i.indkey) with ordinality k(n, o)
                join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o)::text[] as columns
        from pg_index i join pg_class t on t.oid = i.indrelid
        where t.relnamespace = current_schema()::regnamespace`,
  );
  const indexes = new Map<string, string[][]>();
  for (const ix of indexed) indexes.set(ix.table, [...(indexes.get(ix.table) ?? []), ix.columns]);
  return {
    columns,
    cascades: new Set(
      fks.filter((f) => f.parent === 'players' && f.cascade).map((f) => `${f.table}.${f.column}`),
    ),
    indexes,
    keys,
  };
}

/** The types each treatment accepts. */
const TEXT = ['text', 'character varying'];
const JSON_TYPES = ['jsonb', 'json'];
const accepts = {
  openid: TEXT,
  openids: ['ARRAY', ...JSON_TYPES],
  account: ['integer', 'bigint'],
  quotes: [...TEXT, ...JSON_TYPES, 'ARRAY'],
};

/**
 * Everything the declaration misses or gets wrong against a schema: a table with a column named
 * like player data or a JSON column that is neither declared nor listed as holding none; in a
 * declared table, such a column neither used nor kept with a reason; a declared column the schema
 * lacks or whose type does not fit; a `cascade` without the key; a column naming the player
 * without an index that leads with it (alone or after the game, the CP or the parent key).
 */
function allGaps(
  schema: Schema,
  declared: Record<string, PlayerData>,
  none: Record<string, string>,
): string[] {
  const found: string[] = [];
  for (const [table, columns] of schema.columns) {
    const named = [...columns.keys()].filter((c) => NAMES_PLAYER.test(c));
    const json = [...columns].filter(([, type]) => JSON_TYPES.includes(type)).map(([c]) => c);
    const data = declared[table];
    if (!data) {
      if ((named.length || json.length) && !none[table])
        found.push(`${table}: undeclared (${[...new Set([...named, ...json])].join(', ')})`);
      continue;
    }
    if (none[table]) found.push(`${table}: both declared and listed as holding none`);
    if (data.cascade) {
      if (![...schema.cascades].some((key) => key.startsWith(`${table}.`)))
        found.push(`${table}: declared cascade without a key to players on delete cascade`);
      continue;
    }
    const used = new Set([...declaredColumns(data), ...Object.keys(data.kept ?? {})]);
    for (const c of named) if (!used.has(c)) found.push(`${table}.${c}: undeclared`);
    const type = (c: string) => columns.get(c);
    for (const [c, how] of Object.entries(data.names ?? {})) {
      if (!accepts[how].includes(type(c) ?? ''))
        found.push(`${table}.${c}: ${type(c) ?? 'missing'} for ${how}`);
      if (how === 'openids') continue;
      const leads = [
        c,
        ...['product_id', 'cp_id', ...(schema.keys.get(table) ?? [])].map((k) => `${k},${c}`),
      ];
      const indexes = schema.indexes.get(table) ?? [];
      if (!indexes.some((ix) => leads.some((lead) => ix.join(',').startsWith(lead))))
        found.push(`${table}.${c}: no index leads with it`);
    }
    for (const c of [...(data.quotes ?? []), ...(data.unnamed ?? []), ...Object.keys(data.personal ?? {})])
      if (!accepts.quotes.includes(type(c) ?? '')) found.push(`${table}.${c}: ${type(c) ?? 'missing'}`);
    if (data.unnamed?.length && !Object.values(data.names ?? {}).includes('openid'))
      found.push(`${table}: unnamed without an openid column whose null marks the rows`);
    for (const [c, { of }] of Object.entries(data.personal ?? {}))
      if (!data.names?.[of]) found.push(`${table}.${c}: personal of ${of}, which names no one`);
    if (data.names && !data.rows) found.push(`${table}: names the player but says nothing of their rows`);
  }
  for (const table of [...Object.keys(declared), ...Object.keys(none)])
    if (!schema.columns.has(table)) found.push(`${table}: not in the schema`);
  return found;
}

describe('the declaration of player data (PLAYER_DATA)', () => {
  it('covers every table and column of the migrated schema that can hold a player', async () => {
    expect(allGaps(await readSchema(), PLAYER_DATA, NO_PLAYER_DATA)).toEqual([]);
  });

  it('fails for a new table or column a module forgets to declare', async () => {
    const schema = await readSchema();
    // Only what the change adds counts (the first test shows the rest).
    const baseline = new Set(allGaps(schema, PLAYER_DATA, NO_PLAYER_DATA));
    const gaps = (...args: Parameters<typeof allGaps>) => allGaps(...args).filter((g) => !baseline.has(g));
    const withNew = (table: string, columns: Record<string, string>) => ({
      ...schema,
      columns: new Map(schema.columns).set(table, new Map(Object.entries(columns))),
    });
    expect(
      gaps(withNew('guild_members', { id: 'integer', openid: 'text' }), PLAYER_DATA, NO_PLAYER_DATA),
    ).toEqual(['guild_members: undeclared (openid)']);
    expect(
      gaps(withNew('guild_events', { id: 'integer', payload: 'jsonb' }), PLAYER_DATA, NO_PLAYER_DATA),
    ).toEqual(['guild_events: undeclared (payload)']);
    // A column added to a declared table.
    const tickets = new Map(schema.columns.get('tickets')).set('witness_openid', 'text');
    expect(
      gaps(
        { ...schema, columns: new Map(schema.columns).set('tickets', tickets) },
        PLAYER_DATA,
        NO_PLAYER_DATA,
      ),
    ).toEqual(['tickets.witness_openid: undeclared']);
    // Declared, but no index to find the player's rows by, or of the wrong type.
    expect(
      gaps(
        withNew('guild_members', { id: 'integer', product_id: 'integer', openid: 'text', note: 'integer' }),
        { ...PLAYER_DATA, guild_members: { names: { openid: 'openid' }, rows: 'delete', quotes: ['note'] } },
        NO_PLAYER_DATA,
      ),
    ).toEqual(['guild_members.openid: no index leads with it', 'guild_members.note: integer']);
    // Searched where the column naming the player is null: there must be one.
    expect(
      gaps(
        withNew('guild_events', { id: 'integer', product_id: 'integer', event_id: 'text' }),
        { ...PLAYER_DATA, guild_events: { unnamed: ['event_id'] } },
        NO_PLAYER_DATA,
      ),
    ).toEqual(['guild_events: unnamed without an openid column whose null marks the rows']);
    // A cascade that the schema does not have.
    expect(
      gaps(
        withNew('guild_members', { id: 'integer', player_id: 'integer' }),
        { ...PLAYER_DATA, guild_members: { cascade: true } },
        NO_PLAYER_DATA,
      ),
    ).toEqual(['guild_members: declared cascade without a key to players on delete cascade']);
  });
});
