import type { Rule } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { FileStorage } from '../files/index.ts';
import { materialize } from './jobs.ts';
import { userGroups } from './tables.ts';

/** Example rule groups of the domestic demo game, materialised at once (rules only: no file needed). */
const DEMO_GROUPS: {
  name: string;
  label: string;
  description: string;
  rule: Rule;
  refresh: 'daily' | 'hourly';
}[] = [
  {
    name: 'whales_30d',
    label: '30 天大 R',
    description: '最近 30 天付费不少于 ¥300',
    rule: { op: 'and', items: [{ field: 'event.paid', op: 'gte', value: 30000, days: 30 }] },
    refresh: 'daily',
  },
  {
    name: 'dormant_14d',
    label: '14 天未登录',
    description: '14 天以上未登录的付费玩家',
    rule: {
      op: 'and',
      items: [
        { field: 'event.no_login', op: 'gte', value: 14 },
        { field: 'paid_total', op: 'gt', value: 0 },
      ],
    },
    refresh: 'daily',
  },
  {
    name: 'new_7d',
    label: '7 天新用户',
    description: '最近 7 天注册',
    rule: { op: 'and', items: [{ field: 'created_at', op: 'within_days', value: 7 }] },
    refresh: 'hourly',
  },
];

export async function seedDemoGroups(db: Db, product: { id: number; cpId: number }): Promise<void> {
  const rows = await db
    .insert(userGroups)
    .values(
      DEMO_GROUPS.map((g) => ({
        ...g,
        kind: 'rule' as const,
        cpId: product.cpId,
        productId: product.id,
        createdBy: 'admin',
      })),
    )
    .returning({ id: userGroups.id });
  for (const row of rows)
    await materialize(db, undefined as unknown as FileStorage, { groupId: row.id, lang: 'zh' });
}
