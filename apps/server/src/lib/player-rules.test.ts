import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ruleSchema, type Rule, type RuleCondition } from '@rx/contracts';
import { useTestApp } from '../../test/index.ts';
import { queryRows } from './rows.ts';
import { playerMatchSql, RuleError } from './player-rules.ts';
import { addPlayers, addTag, freshProduct } from '../modules/user-groups/test-support.ts';

// The rule compiler against a real database (the run's PostgreSQL, test/global-setup.ts):
// each field type and operator, AND/OR nesting, and the refusals.

const t = useTestApp({ as: null });
let productId: number;
let otherProduct: number;
const tag = Date.now().toString(36);

beforeAll(async () => {
  const db = t.database.db;
  productId = await freshProduct(db, `ugr${tag}`);
  otherProduct = await freshProduct(db, `ugo${tag}`);
  const ids = await addPlayers(db, productId, [
    {
      openid: 'a',
      channel: 'official',
      region: 'cn',
      country: 'CN',
      createdDaysAgo: 100,
      lastLoginDaysAgo: 1,
      paidTotal: 50000,
      orders: [
        [30000, 5],
        [20000, 40],
      ],
      logins: [1, 2, 3],
      roles: [{ server: 'S1', level: 50, vip: 5 }],
    },
    {
      openid: 'b',
      channel: 'tap',
      region: 'hk',
      country: 'HK',
      createdDaysAgo: 10,
      lastLoginDaysAgo: 20,
      logins: [20],
      roles: [{ server: 'S2', level: 10, vip: 0, activeDaysAgo: 20 }],
    },
    {
      openid: 'c',
      channel: 'tap',
      region: 'cn',
      createdDaysAgo: 200,
      lastLoginDaysAgo: null,
      paidTotal: 10000,
      orders: [[10000, 3, true]],
    },
    {
      openid: 'd',
      channel: 'official',
      region: 'sg',
      country: 'SG',
      createdDaysAgo: 5,
      lastLoginDaysAgo: 3,
      paidTotal: 2000,
      orders: [[2000, 2]],
      logins: [3],
      roles: [{ server: 'S1', level: 30, vip: 1 }],
    },
  ]);
  // The same openids in another game: never matched by this game's rules.
  await addPlayers(db, otherProduct, [
    { openid: 'a', paidTotal: 99999, roles: [{ server: 'S1', level: 99, vip: 9 }] },
  ]);
  const id = (o: string) => ids.get(o)!;
  await addTag(db, productId, 'vip_flag', 'boolean', [
    [id('a'), true],
    [id('b'), false],
  ]);
  await addTag(db, productId, 'segment', 'enum', [
    [id('a'), 'whale'],
    [id('d'), 'minnow'],
  ]);
  await addTag(db, productId, 'score', 'number', [
    [id('a'), 90],
    [id('b'), 10],
  ]);
  await addTag(db, productId, 'seen', 'date', [
    [id('a'), new Date('2026-01-01T00:00:00Z')],
    [id('d'), new Date('2025-01-01T00:00:00Z')],
  ]);
});

async function matching(rule: Rule, product = productId): Promise<string> {
  const rows = await queryRows<{ openid: string }>(
    t.database.db,
    sql`select p.openid from players p where p.product_id = ${product}::int and ${playerMatchSql(product, rule)} order by p.openid`,
  );
  return rows.map((r) => r.openid).join(',');
}
const one = (c: RuleCondition): Rule => ({ op: 'and', items: [c] });

describe('playerMatchSql', () => {
  it.each<[RuleCondition, string]>([
    [{ field: 'channel', op: 'eq', value: 'tap' }, 'b,c'],
    [{ field: 'channel', op: 'ne', value: 'tap' }, 'a,d'],
    [{ field: 'region', op: 'in', value: ['hk', 'sg'] }, 'b,d'],
    [{ field: 'region', op: 'not_in', value: ['cn'] }, 'b,d'],
    [{ field: 'country', op: 'eq', value: 'CN' }, 'a,c'],
    [{ field: 'status', op: 'eq', value: 'active' }, 'a,b,c,d'],
    [{ field: 'sub_channel', op: 'eq', value: '' }, 'a,b,c,d'],
    [{ field: 'paid_total', op: 'gte', value: 10000 }, 'a,c'],
    [{ field: 'paid_total', op: 'gt', value: 10000 }, 'a'],
    [{ field: 'paid_total', op: 'lt', value: 2000 }, 'b'],
    [{ field: 'paid_total', op: 'lte', value: 2000 }, 'b,d'],
    [{ field: 'paid_total', op: 'eq', value: 0 }, 'b'],
    [{ field: 'paid_total', op: 'ne', value: 0 }, 'a,c,d'],
    [{ field: 'created_at', op: 'within_days', value: 30 }, 'b,d'],
    [{ field: 'created_at', op: 'over_days', value: 150 }, 'c'],
    [{ field: 'created_at', op: 'after', value: new Date(Date.now() - 50 * 864e5).toISOString() }, 'b,d'],
    [{ field: 'created_at', op: 'before', value: new Date(Date.now() - 50 * 864e5).toISOString() }, 'a,c'],
    [{ field: 'last_login_at', op: 'not_set' }, 'c'],
    [{ field: 'last_login_at', op: 'is_set' }, 'a,b,d'],
    [{ field: 'role.server', op: 'eq', value: 'S1' }, 'a,d'],
    [{ field: 'role.level', op: 'gte', value: 30 }, 'a,d'],
    [{ field: 'role.vip', op: 'gt', value: 0 }, 'a,d'],
    [{ field: 'role.last_active_at', op: 'over_days', value: 10 }, 'b'],
    [{ field: 'event.paid', op: 'gte', value: 25000, days: 30 }, 'a'],
    [{ field: 'event.paid', op: 'gte', value: 1, days: 30 }, 'a,d'],
    [{ field: 'event.paid', op: 'gte', value: 50000, days: 60 }, 'a'],
    [{ field: 'event.paid', op: 'lt', value: 1, days: 30 }, 'b,c'],
    [{ field: 'event.logins', op: 'gte', value: 2, days: 7 }, 'a'],
    [{ field: 'event.logins', op: 'gte', value: 1, days: 30 }, 'a,b,d'],
    [{ field: 'event.logins', op: 'lt', value: 1, days: 7 }, 'b,c'],
    [{ field: 'event.no_login', op: 'gte', value: 14 }, 'b,c'],
    [{ field: 'tag.vip_flag', op: 'eq', value: true }, 'a'],
    [{ field: 'tag.vip_flag', op: 'is_set' }, 'a,b'],
    [{ field: 'tag.vip_flag', op: 'not_set' }, 'c,d'],
    [{ field: 'tag.segment', op: 'eq', value: 'whale' }, 'a'],
    [{ field: 'tag.segment', op: 'ne', value: 'whale' }, 'b,c,d'],
    [{ field: 'tag.segment', op: 'in', value: ['whale', 'minnow'] }, 'a,d'],
    [{ field: 'tag.score', op: 'gt', value: 50 }, 'a'],
    [{ field: 'tag.score', op: 'lte', value: 10 }, 'b'],
    [{ field: 'tag.score', op: 'in', value: [10, 90] }, 'a,b'],
    [{ field: 'tag.seen', op: 'after', value: '2025-06-01T00:00:00Z' }, 'a'],
    [{ field: 'tag.seen', op: 'before', value: '2025-06-01T00:00:00Z' }, 'd'],
    [{ field: 'tag.missing', op: 'is_set' }, ''],
  ])('%j → %s', async (condition, expected) => {
    expect(ruleSchema.safeParse(one(condition)).success).toBe(true);
    expect(await matching(one(condition))).toBe(expected);
  });

  it('nests AND and OR groups', async () => {
    const rule: Rule = {
      op: 'or',
      items: [
        {
          op: 'and',
          items: [
            { field: 'channel', op: 'eq', value: 'official' },
            { field: 'role.level', op: 'gte', value: 40 },
          ],
        },
        {
          op: 'and',
          items: [
            { field: 'event.no_login', op: 'gte', value: 14 },
            { field: 'region', op: 'eq', value: 'hk' },
          ],
        },
      ],
    };
    expect(await matching(rule)).toBe('a,b');
  });

  it('matches only the game asked for', async () => {
    expect(await matching(one({ field: 'role.level', op: 'gte', value: 90 }))).toBe('');
    expect(await matching(one({ field: 'paid_total', op: 'gt', value: 60000 }), otherProduct)).toBe('a');
  });

  it('binds values as parameters (an injection attempt is only a value)', async () => {
    const evil = "x' or '1'='1";
    const compiled = playerMatchSql(productId, one({ field: 'channel', op: 'eq', value: evil }));
    const query = new PgDialect().sqlToQuery(compiled);
    expect(query.sql).not.toContain(evil);
    expect(query.params).toContain(evil);
    expect(await matching(one({ field: 'channel', op: 'eq', value: evil }))).toBe('');
  });

  it('refuses rules outside the limits', () => {
    const deep: Rule = {
      op: 'and',
      items: [
        {
          op: 'and',
          items: [
            {
              op: 'and',
              items: [
                { op: 'and', items: [{ op: 'and', items: [{ field: 'channel', op: 'eq', value: 'x' }] }] },
              ],
            },
          ],
        },
      ],
    };
    const many: Rule = {
      op: 'and',
      items: Array.from({ length: 51 }, () => ({ field: 'channel', op: 'eq', value: 'x' })),
    };
    const bad: Rule[] = [
      deep,
      many,
      one({ field: 'password', op: 'eq', value: 'x' }),
      one({ field: 'p.id; drop table players', op: 'eq', value: 'x' }),
      one({ field: 'channel', op: 'gt', value: 'x' }),
      one({ field: 'paid_total', op: 'gt', value: 'lots' }),
      one({ field: 'created_at', op: 'before', value: 'yesterday' }),
      one({ field: 'event.paid', op: 'gte', value: 100 }),
      one({ field: 'tag.Bad-Name', op: 'is_set' }),
      { op: 'and', items: [] },
    ];
    for (const rule of bad) {
      expect(ruleSchema.safeParse(rule).success, JSON.stringify(rule)).toBe(false);
      expect(() => playerMatchSql(productId, rule)).toThrow(RuleError);
    }
  });
});
