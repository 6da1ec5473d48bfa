import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../db/schema.ts';
import { userGroups } from '../modules/user-groups/tables.ts';
import { announcements } from '../modules/announcements/tables.ts';
import { mails } from '../modules/mails/tables.ts';
import { body, useTestApp } from '../../test/index.ts';

/**
 * Every id a body carries is checked the same way (lib/references.ts): a user group of another CP,
 * of another game of the CP or of no one is `unknown_ref` on its field, and nothing is stored —
 * for announcements as for mail.
 */
const t = useTestApp();

/** A ready list group of the game `code`. */
async function groupOf(code: string): Promise<number> {
  const [product] = await t.database.db.select().from(products).where(eq(products.code, code));
  const [group] = await t.database.db
    .insert(userGroups)
    .values({
      cpId: product!.cpId,
      productId: product!.id,
      name: `refs_${code}_${Math.random().toString(36).slice(2, 8)}`,
      label: 'refs',
      kind: 'list',
      state: 'ready',
    })
    .returning();
  return group!.id;
}

const notice = (groups: number[]) => ({
  type: 'board',
  title: { zh: `引用 ${Math.random().toString(36).slice(2, 8)}` },
  user_group_ids: groups,
});
const mail = (groups: number[]) => ({
  title: { zh: `引用 ${Math.random().toString(36).slice(2, 8)}` },
  body: { zh: '<p>x</p>' },
  sender: 'GM',
  target: 'groups',
  user_group_ids: groups,
});

describe('references in bodies', () => {
  it('refuses user groups of another CP, of another game, or of no one, and stores nothing', async () => {
    const mine = await groupOf('xianxia');
    const otherCp = await groupOf('dawn');
    const otherGame = await groupOf('tankwar');
    for (const [url, make, table] of [
      ['/api/v1/announcements', notice, announcements],
      ['/api/v1/mails', mail, mails],
    ] as const) {
      const before = await t.rowCount(table);
      for (const bad of [otherCp, otherGame, 999_999]) {
        const res = await t.admin.post(url, make([mine, bad]));
        expect(res.statusCode, `${url} ${bad}: ${res.body}`).toBe(400);
        expect(body<{ fields: Record<string, string> }>(res).data.fields).toHaveProperty([
          'user_group_ids.1',
        ]);
      }
      expect(await t.rowCount(table)).toBe(before);
      const good = await t.admin.post(url, make([mine]));
      expect(good.statusCode, good.body).toBe(200);
      // An edit is checked the same way.
      const row = body<{ id: number; version: number }>(good).data;
      const edit = await t.admin.put(`${url}/${row.id}`, { user_group_ids: [otherCp], version: row.version });
      expect(edit.statusCode, edit.body).toBe(400);
      expect(body<{ fields: Record<string, string> }>(edit).data.fields).toHaveProperty(['user_group_ids.0']);
    }
  });
});
