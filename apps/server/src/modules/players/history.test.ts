import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PlayerMail, PlayerRedemption } from '@rx/contracts';
import { useTestApp } from '../../../test/index.ts';
import { body, signIn, signInAs, staffWith } from '../../../test/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { codeBatches, codeRedemptions } from '../code-batches/tables.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { mailRecipients, mails } from '../mails/tables.ts';

// Issue 27, defect 11: the player profile shows the player's mails and code redemptions, paged,
// newest first, within the game and CP, with the player page's permission.

const t = useTestApp();
const admin = t.admin;
const tag = Date.now().toString(36);
const openid = `hist_${tag}`;
const other = `hist_other_${tag}`;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
let cpId: number;

async function player(id: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into players (product_id, openid) values (${t.productId}::int, ${id}) returning id`,
  );
  return Number(row!.id);
}

beforeAll(async () => {
  const [gift] = await t.database.db
    .select()
    .from(giftPackages)
    .where(eq(giftPackages.productId, t.productId))
    .limit(1);
  cpId = gift!.cpId;
  const me = await player(openid);
  const them = await player(other);
  // Seven mails to the player (one a minute apart, the newest last), one to another player only.
  const made = await t.database.db
    .insert(mails)
    .values(
      Array.from({ length: 8 }, (_, i) => ({
        cpId,
        productId: t.productId,
        title: { zh: `邮件 ${tag} ${i}`, en: `Mail ${tag} ${i}` } as never,
        body: {} as never,
        sender: 'ops',
        attachments: i === 6 ? [{ type: 'gift' as const, id: gift!.id, quantity: 1 }] : [],
        target: 'all' as const,
        status: 'sent' as const,
      })),
    )
    .returning({ id: mails.id });
  await t.database.db.insert(mailRecipients).values([
    ...made.slice(0, 7).map((m, i) => ({
      mailId: m.id,
      playerId: me,
      state: (i === 6 ? 'claimed' : 'delivered') as 'claimed' | 'delivered',
      deliveredAt: ago(100 - i),
      claimedAt: i === 6 ? ago(1) : null,
      claimedRoleId: i === 6 ? 'r1' : '',
    })),
    { mailId: made[7]!.id, playerId: them, deliveredAt: ago(0) },
  ]);
  const [batch] = await t.database.db
    .insert(codeBatches)
    .values({
      cpId,
      productId: t.productId,
      name: `批次 ${tag}`,
      kind: 'unique',
      length: 10,
      quantity: 10,
      giftPackageId: gift!.id,
      startAt: ago(1000),
      endAt: ago(-1000),
    })
    .returning({ id: codeBatches.id });
  await t.database.db.insert(codeRedemptions).values([
    {
      productId: t.productId,
      batchId: batch!.id,
      code: `OLD${tag}`,
      openid,
      roleId: 'r1',
      createdAt: ago(50),
    },
    {
      productId: t.productId,
      batchId: batch!.id,
      code: `NEW${tag}`,
      openid,
      roleId: 'r2',
      createdAt: ago(5),
    },
    { productId: t.productId, batchId: batch!.id, code: `THEIRS${tag}`, openid: other, createdAt: ago(1) },
  ]);
});

describe("a player's mails and code redemptions", () => {
  it('lists the mails in the player inbox, newest first, paged, with title and attachments', async () => {
    const first = body<{ list: PlayerMail[]; total: number }>(
      await admin.get(`/api/v1/players/${openid}/mails?page_size=5`),
    ).data;
    expect(first.total).toBe(7);
    expect(first.list).toHaveLength(5);
    expect(first.list[0]).toMatchObject({ state: 'claimed', attachments: 1, claimed_role_id: 'r1' });
    expect(first.list[0]!.title.en).toBe(`Mail ${tag} 6`);
    expect(first.list.map((m) => m.title.zh)).toEqual([6, 5, 4, 3, 2].map((i) => `邮件 ${tag} ${i}`));
    const second = body<{ list: PlayerMail[] }>(
      await admin.get(`/api/v1/players/${openid}/mails?page=2&page_size=5`),
    ).data;
    expect(second.list.map((m) => m.title.zh)).toEqual([`邮件 ${tag} 1`, `邮件 ${tag} 0`]);
  });

  it('lists the codes the player redeemed, newest first, with the batch', async () => {
    const { list, total } = body<{ list: PlayerRedemption[]; total: number }>(
      await admin.get(`/api/v1/players/${openid}/redemptions`),
    ).data;
    expect(total).toBe(2);
    expect(list.map((r) => r.code)).toEqual([`NEW${tag}`, `OLD${tag}`]);
    expect(list[0]).toMatchObject({ batch_name: `批次 ${tag}`, role_id: 'r2' });
  });

  it('keeps to the game and the CP, needs the player page permission, refuses bad paging', async () => {
    const elsewhere = await signIn(t, 'admin', 'tankwar');
    if ((await t.productIdOf('tankwar')) !== t.productId) {
      expect((await elsewhere.get(`/api/v1/players/${openid}/mails`)).statusCode).toBe(404);
      expect((await elsewhere.get(`/api/v1/players/${openid}/redemptions`)).statusCode).toBe(404);
    }
    // Another CP's staff naming this game, and staff without the player page: refused, nothing shown.
    const overseas = t.client((await signInAs(t.app, 'ops_hw')).user.access_token, t.productId);
    const refused = await overseas.get(`/api/v1/players/${openid}/mails`);
    expect([403, 404]).toContain(refused.statusCode);
    expect(refused.body).not.toContain(tag);
    const name = await staffWith(t, ['see/home']);
    const nobody = t.client((await signInAs(t.app, name)).user.access_token, t.productId);
    expect((await nobody.get(`/api/v1/players/${openid}/redemptions`)).statusCode).toBe(403);
    for (const bad of ['page=0', 'page_size=51', 'page=x']) {
      const res = await admin.get(`/api/v1/players/${openid}/mails?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await admin.get('/api/v1/players/nobody_here_at_all/mails')).statusCode).toBe(404);
  });
});
