import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  mailsResource,
  type ApprovalPending,
  type ApprovalRequestDetail,
  type GameApiKeyCreated,
  type GameClaimAnswer,
  type GameMail,
  type Mail,
  type MailCreate,
  type MailRecipient,
  type MailStats,
} from '@rx/contracts';
import { products, users } from '../../db/schema.ts';
import type { Db } from '../../db/index.ts';
import { body, type Client, signGameRequest, signInAs, useTestApp } from '../../../test/index.ts';
import { openidList } from '../../../test/multipart.ts';
import { queryRows } from '../../lib/rows.ts';
import { fanoutChunk, type ChunkInput } from './fanout.ts';
import type { DuePayload } from '../../lib/define-lifecycle.ts';
import { mailLifecycle } from './lifecycle.ts';
import { mails } from './tables.ts';

// System mail through HTTP on this test's own fresh product (its own players, inserted set-based).

// The scheduler's moves, called directly (a send answers the fan-out job it queued).
const { endDue: expireDue } = mailLifecycle;
const sendDue = async (tx: Db, payload: DuePayload) =>
  (await mailLifecycle.startDue(tx, payload))?.jobId ?? null;

const t = useTestApp({ product: null });
let admin: Client;
let productId: number;
let otherProduct: number;
let key: GameApiKeyCreated;
let propId: number;
let giftId: number;
const perms = mailsResource.permissions;
const tag = Date.now().toString(36);
const hour = 3600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

async function freshProduct(db: Db, code: string): Promise<number> {
  const [owner] = await db.select({ cpId: users.cpId }).from(users).where(eq(users.username, 'admin'));
  const [row] = await db
    .insert(products)
    .values({ cpId: owner!.cpId, code, name: code, region: 'gn', platforms: ['android'] })
    .returning({ id: products.id });
  return row!.id;
}

/** `count` players `<prefix>1…`, each with a role on `server`. */
async function addPlayers(prefix: string, count: number, server = 's1', product = productId): Promise<void> {
  const db = t.database.db;
  await db.execute(sql`insert into players (product_id, openid, channel, region, country, nickname)
    select ${product}::int, ${prefix} || g, 'official', 'cn', 'CN', 'n' || g from generate_series(1, ${count}::int) g`);
  await db.execute(sql`insert into player_roles (product_id, player_id, server, role_id, level, vip, last_active_at)
    select ${product}::int, p.id, ${server}, p.openid || '-r', 1, 0, now() from players p
    where p.product_id = ${product}::int and p.openid like ${`${prefix}%`}`);
}

async function group(prefix: string): Promise<number> {
  const db = t.database.db;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into user_groups (cp_id, product_id, name, label, kind, state)
      select cp_id, id, ${`g_${prefix}`}, ${prefix}, 'list', 'ready' from products where id = ${productId}::int returning id`,
  );
  await db.execute(sql`insert into user_group_members (group_id, player_id, bucket)
    select ${row!.id}::int, id, 0 from players where product_id = ${productId}::int and openid like ${`${prefix}%`}`);
  return Number(row!.id);
}

async function draft(fields: Partial<MailCreate> = {}, api = admin): Promise<Mail> {
  const res = await api.post('/api/v1/mails', {
    title: { zh: `邮件 ${Math.random().toString(36).slice(2, 8)}`, en: 'Mail' },
    body: { zh: '<p>正文</p>', en: '<p>Body</p>' },
    sender: 'GM',
    target: 'all',
    attachments: [{ type: 'prop', id: propId, quantity: 5 }],
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<Mail>(res).data;
}

const get = async (id: number, api = admin) => body<Mail>(await api.get(`/api/v1/mails/${id}`)).data;
const act = (mail: Mail, action: string, api = admin, reason = '') =>
  api.post(`/api/v1/mails/${mail.id}/${action}`, { version: mail.version, reason });

/** Sends and runs the fan-out to its end; answers the mail then. */
async function sent(mail: Mail): Promise<Mail> {
  const res = await act(mail, 'send');
  expect(res.statusCode, res.body).toBe(200);
  const moved = body<Mail>(res).data;
  if (moved.job_id !== null) await t.app.jobs.runJob(moved.job_id);
  return get(mail.id);
}
const stats = async (id: number) => body<MailStats>(await admin.get(`/api/v1/mails/${id}/stats`)).data;

function game(method: 'GET' | 'POST', url: string, payload?: object) {
  const raw = payload ? JSON.stringify(payload) : undefined;
  return t.app.inject({
    method,
    url,
    headers: {
      ...signGameRequest(key, { method, url, body: raw }),
      ...(raw ? { 'content-type': 'application/json' } : {}),
    },
    payload: raw,
  });
}
const inbox = async (openid: string, lang = 'zh') =>
  body<{ mails: GameMail[] }>(
    await game('GET', `/api/game/v1/mail?openid=${openid}&role_id=${openid}-r&lang=${lang}`),
  ).data.mails;
const claim = async (id: number, openid: string, lang = 'en') =>
  body<GameClaimAnswer>(
    await game('POST', `/api/game/v1/mail/${id}/claim`, { openid, role_id: `${openid}-r`, lang }),
  ).data;

beforeAll(async () => {
  productId = await freshProduct(t.database.db, `mail${tag}`);
  otherProduct = await freshProduct(t.database.db, `mailx${tag}`);
  admin = t.client(t.user.access_token, productId);
  key = await t.gameKey(admin, 'mail');
  propId = body<{ id: number }>(
    await admin.post('/api/v1/props', {
      code: 'gold',
      name: { zh: '金币', en: 'Gold' },
      type: 'currency',
      rarity: 'common',
    }),
  ).data.id;
  giftId = body<{ id: number }>(
    await admin.post('/api/v1/gift-packages', {
      name: { zh: '礼包', en: 'Gift' },
      contents: [{ prop_id: propId, quantity: 1 }],
    }),
  ).data.id;
  expect(propId).toBeGreaterThan(0);
  expect(giftId).toBeGreaterThan(0);
  await addPlayers('a_', 30, 's1');
  await addPlayers('b_', 20, 's2');
  await addPlayers('x_', 5, 's1', otherProduct);
});

describe('mail', () => {
  it('refuses bad input field by field and stores nothing', async () => {
    const before = body<{ total: number }>(await admin.get('/api/v1/mails')).data.total;
    const res = await admin.post('/api/v1/mails', {
      title: { zh: '' },
      sender: '',
      target: 'somewhere',
      attachments: [{ type: 'prop', id: propId, quantity: 0 }],
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(400001);
    expect(Object.keys(body<{ fields: object }>(res).data.fields).sort()).toEqual(
      ['attachments.0.quantity', 'sender', 'target', 'title.zh'].sort(),
    );
    const eleven = await admin.post('/api/v1/mails', {
      title: { zh: '多' },
      sender: 'GM',
      target: 'servers',
      attachments: Array.from({ length: 11 }, (_, i) => ({ type: 'prop', id: i + 1, quantity: 1 })),
      send_at: at(2 * hour),
      expire_at: at(hour),
    });
    expect(Object.keys(body<{ fields: object }>(eleven).data.fields)).toEqual(['attachments']);
    // The rules across fields: servers named, the expiry after the send time.
    const crossed = await admin.post('/api/v1/mails', {
      title: { zh: '交叉' },
      sender: 'GM',
      target: 'servers',
      send_at: at(2 * hour),
      expire_at: at(hour),
    });
    expect(Object.keys(body<{ fields: object }>(crossed).data.fields).sort()).toEqual([
      'expire_at',
      'servers',
    ]);
    // Unknown or foreign props and gifts.
    const unknown = await admin.post('/api/v1/mails', {
      title: { zh: '未知' },
      sender: 'GM',
      target: 'all',
      attachments: [
        { type: 'prop', id: propId, quantity: 1 },
        { type: 'prop', id: 99_999_999, quantity: 1 },
        { type: 'gift', id: 99_999_998, quantity: 1 },
      ],
    });
    expect(body(unknown).code).toBe(400001);
    expect(Object.keys(body<{ fields: object }>(unknown).data.fields).sort()).toEqual([
      'attachments.1.id',
      'attachments.2.id',
    ]);
    expect(body<{ total: number }>(await admin.get('/api/v1/mails')).data.total).toBe(before);
  });

  it('shows a mail whose fan-out failed in part as partly failed, and a retry of the job delivers the rest', async () => {
    const mail = await draft({ target: 'all' });
    // The database refuses this mail's copies for now: its fan-out chunk fails.
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function refuse_copies() returns trigger language plpgsql as
      $$ begin raise exception 'disk full'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_copies before insert on mail_recipients
      for each row when (new.mail_id = ${mail.id}) execute function refuse_copies()`),
    );
    try {
      const jobId = body<Mail>(await act(mail, 'send')).data.job_id!;
      await t.app.jobs.runJob(jobId);
      expect(await get(mail.id)).toMatchObject({ status: 'partly_failed', recipients: 0 });
      // Mended, the failed items are retried: every player gets the mail, once.
      await db.execute(sql.raw('drop trigger refuse_copies on mail_recipients'));
      const retried = await admin.post(`/api/v1/jobs/${jobId}/retry`, {});
      expect(retried.statusCode, retried.body).toBe(200);
      await t.app.jobs.runJob(jobId);
      expect(await get(mail.id)).toMatchObject({ status: 'sent', recipients: 50 });
      expect((await stats(mail.id)).delivered).toBe(50);
    } finally {
      await db.execute(sql.raw('drop trigger if exists refuse_copies on mail_recipients'));
      await db.execute(sql.raw('drop function refuse_copies()'));
    }
  });

  it('keeps the body through the shared sanitiser', async () => {
    const mail = await draft({
      body: { zh: '<p>hi<script>alert(1)</script><img src=x onerror=alert(1)></p>' },
    });
    expect(mail.body.zh).not.toMatch(/script|onerror/i);
    expect(mail.body.zh).toContain('hi');
  });

  it('sends to all, servers, a user group and an uploaded list with the right recipients', async () => {
    const all = await sent(await draft({ target: 'all' }));
    expect(all).toMatchObject({ status: 'sent', recipients: 50 });
    const s2 = await sent(await draft({ target: 'servers', servers: ['s2'] }));
    expect(s2).toMatchObject({ status: 'sent', recipients: 20 });
    const g = await group('a_1');
    const grouped = await sent(await draft({ target: 'groups', user_group_ids: [g] }));
    // a_1, a_10 … a_19
    expect(grouped).toMatchObject({ status: 'sent', recipients: 11 });
    const up = await openidList(t.app, t.user.access_token, 'a_1\r\nb_2\n\nnobody_here\na_1\n');
    const listed = await sent(await draft({ target: 'file', file_id: up }));
    expect(listed).toMatchObject({ status: 'partly_failed', recipients: 2, unknown_openids: 1 });
    expect(await stats(listed.id)).toEqual({ delivered: 2, read: 0, claimed: 0, failed: 1, recalled: 0 });
    // Another product's players never get this product's mail.
    const foreign = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mail_recipients r join players p on p.id = r.player_id
        where r.mail_id = ${all.id}::int and p.product_id <> ${productId}::int`,
    );
    expect(Number(foreign[0]!.n)).toBe(0);
    const page = body<{ list: MailRecipient[]; total: number }>(
      await admin.get(`/api/v1/mails/${s2.id}/recipients?page_size=5&state=delivered`),
    ).data;
    expect(page.total).toBe(20);
    expect(page.list).toHaveLength(5);
    expect(page.list[0]!.openid).toMatch(/^b_/);
  });

  it('finishes a fan-out restarted mid-way without duplicates (a chunk run twice adds nothing)', async () => {
    const mail = await draft({ target: 'servers', servers: ['s1'] });
    const res = body<Mail>(await act(mail, 'send')).data;
    expect(res.status).toBe('sending');
    await t.app.jobs.runJob(res.job_id!);
    const [item] = await queryRows<{ input: ChunkInput }>(
      t.database.db,
      sql`select input from job_items where job_id = ${res.job_id}::int order by seq limit 1`,
    );
    // As after a crash mid-way: the mail still sending, its item pending again, part of its rows missing.
    await t.database.db.execute(sql`delete from mail_recipients where mail_id = ${mail.id}::int
      and player_id in (select player_id from mail_recipients where mail_id = ${mail.id}::int order by player_id limit 10)`);
    await t.database.db.execute(sql`update mails set status = 'sending' where id = ${mail.id}::int`);
    await t.database.db.execute(
      sql`update job_items set status = 'pending' where job_id = ${res.job_id}::int`,
    );
    await t.database.db.execute(
      sql`update jobs set status = 'running', done = 0 where id = ${res.job_id}::int`,
    );
    // The chunk run again tops up what is missing; once more adds nothing.
    const first = await t.database.db.transaction((tx) => fanoutChunk(tx, item!.input));
    const again = await t.database.db.transaction((tx) => fanoutChunk(tx, item!.input));
    expect(first.delivered).toBe(10);
    expect(again.delivered).toBe(0);
    await t.app.jobs.runJob(res.job_id!);
    const done = await get(mail.id);
    expect(done).toMatchObject({ status: 'sent', recipients: 30 });
    expect((await stats(mail.id)).delivered).toBe(30);
  });

  it("answers the player's inbox in their language; read and claim (twice, and 20 in parallel: one grant)", async () => {
    const mail = await sent(
      await draft({
        title: { zh: '补偿', en: 'Compensation' },
        target: 'servers',
        servers: ['s2'],
        attachments: [
          { type: 'prop', id: propId, quantity: 100 },
          { type: 'gift', id: giftId, quantity: 2 },
        ],
      }),
    );
    const box = await inbox('b_3', 'en-US');
    const mine = box.find((m) => m.id === mail.id);
    expect(mine).toMatchObject({ title: 'Compensation', sender: 'GM', state: 'delivered' });
    expect(mine!.attachments).toEqual([
      { type: 'prop', id: propId, quantity: 100, name: 'Gold' },
      { type: 'gift', id: giftId, quantity: 2, name: 'Gift' },
    ]);
    expect((await inbox('a_3')).map((m) => m.id)).not.toContain(mail.id);
    const read = await game('POST', `/api/game/v1/mail/${mail.id}/read`, { openid: 'b_3' });
    expect(body(read).data).toEqual({ read: true });
    const once = await claim(mail.id, 'b_3');
    expect(once).toMatchObject({ claimed: true, first: true });
    const twice = await claim(mail.id, 'b_3');
    expect(twice).toMatchObject({ claimed: true, first: false });
    if (once.claimed && twice.claimed) expect(twice.attachments).toEqual(once.attachments);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(mail.id, 'b_4')));
    expect(answers.every((a) => a.claimed)).toBe(true);
    expect(answers.filter((a) => a.claimed && a.first)).toHaveLength(1);
    const [claimedRows] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mail_recipients r join players p on p.id = r.player_id
        where r.mail_id = ${mail.id}::int and p.openid = 'b_4' and r.state = 'claimed'`,
    );
    expect(Number(claimedRows!.n)).toBe(1);
    expect(await stats(mail.id)).toEqual({ delivered: 20, read: 2, claimed: 2, failed: 0, recalled: 0 });
    // Not a recipient.
    expect(await claim(mail.id, 'a_5')).toEqual({
      claimed: false,
      reason: 'not_found',
      message: 'There is no such mail',
    });
  });

  it('recalls: unclaimed copies go, claimed stay; a recalled mail cannot be claimed', async () => {
    const mail = await sent(await draft({ target: 'servers', servers: ['s2'] }));
    expect((await claim(mail.id, 'b_1')).claimed).toBe(true);
    const res = await act(mail, 'recall');
    expect(res.statusCode, res.body).toBe(200);
    expect(body<Mail>(res).data).toMatchObject({ status: 'recalled', recalled_copies: 19 });
    expect(await stats(mail.id)).toMatchObject({ delivered: 1, claimed: 1, recalled: 19 });
    expect(await claim(mail.id, 'b_2', 'zh')).toEqual({
      claimed: false,
      reason: 'recalled',
      message: '邮件已被撤回，无法领取',
    });
    expect((await claim(mail.id, 'b_1')).claimed).toBe(true);
    expect((await inbox('b_2')).map((m) => m.id)).not.toContain(mail.id);
    // Recalled is final.
    expect(body(await act(await get(mail.id), 'recall')).code).toBe(422001);
  });

  it('expires by the scheduler and by the clock: no claim after the expiry', async () => {
    const mail = await sent(await draft({ target: 'servers', servers: ['s2'], expire_at: at(hour) }));
    // The clock passes the expiry before the scheduler fires.
    await t.database.db
      .update(mails)
      .set({ expireAt: new Date(Date.now() - 1000) })
      .where(eq(mails.id, mail.id));
    expect((await inbox('b_6')).map((m) => m.id)).not.toContain(mail.id);
    expect(await claim(mail.id, 'b_6')).toMatchObject({ claimed: false, reason: 'expired' });
    const payload = { cpId: 0, productId, id: mail.id };
    const [row] = await t.database.db.select().from(mails).where(eq(mails.id, mail.id));
    payload.cpId = row!.cpId;
    await t.database.db.transaction((tx) => expireDue(tx, payload));
    expect((await get(mail.id)).status).toBe('expired');
    expect(await claim(mail.id, 'b_6', 'ar')).toMatchObject({ claimed: false, reason: 'expired' });
  });

  it('sends a scheduled mail when the scheduler fires (the task function called directly)', async () => {
    const mail = await draft({ target: 'servers', servers: ['s2'], send_at: at(hour) });
    const res = body<Mail>(await act(mail, 'send')).data;
    expect(res).toMatchObject({ status: 'scheduled', job_id: null });
    const [row] = await t.database.db.select().from(mails).where(eq(mails.id, mail.id));
    const jobId = await t.database.db.transaction((tx) =>
      sendDue(tx, { cpId: row!.cpId, productId, id: mail.id }),
    );
    expect(jobId).not.toBeNull();
    await t.app.jobs.runJob(jobId!);
    expect(await get(mail.id)).toMatchObject({ status: 'sent', recipients: 20 });
    // Cancelled before its time instead: back to draft.
    const later = await draft({ send_at: at(hour) });
    const scheduled = body<Mail>(await act(later, 'send')).data;
    expect(body<Mail>(await act(scheduled, 'cancel')).data.status).toBe('draft');
  });

  it('asks for approval above the threshold; the maker cannot approve; reject → draft; a second person sends', async () => {
    const policy = await admin.put('/api/v1/approval-policies', {
      policies: [{ action: perms.approve, threshold: 40 }],
    });
    expect(policy.statusCode, policy.body).toBe(200);
    try {
      const m = await staff([perms.see, perms.edit, perms.approve]);
      const c = await staff([perms.see, perms.approve]);
      // Below the threshold (20 players): sent at once.
      const small = await draft({ target: 'servers', servers: ['s2'] }, m);
      expect(body<Mail>(await act(small, 'send', m)).data.status).toBe('sending');
      // 50 players: waits.
      const big = await draft({ target: 'all' }, m);
      const asked = await act(big, 'send', m, 'event rewards');
      expect(asked.statusCode, asked.body).toBe(202);
      const approval = body<ApprovalPending>(asked).data.approval;
      expect(approval).toMatchObject({ kind: 'mails.send', amount: 50 });
      expect(await get(big.id, m)).toMatchObject({ status: 'pending_approval', approval_id: approval.id });
      expect(body(await m.post(`/api/v1/approvals/${approval.id}/approve`, { comment: 'me' })).code).toBe(
        403001,
      );
      expect(body(await c.post(`/api/v1/approvals/${approval.id}/reject`, { comment: 'no' })).code).toBe(0);
      const back = await get(big.id, m);
      expect(back).toMatchObject({ status: 'draft', approval_id: null });
      const again = body<ApprovalPending>(await act(back, 'send', m, 'fixed')).data.approval;
      expect(body(await c.post(`/api/v1/approvals/${again.id}/approve`, { comment: 'ok' })).code).toBe(0);
      const approved = await get(big.id, m);
      expect(['sending', 'sent']).toContain(approved.status);
      await t.app.jobs.runJob(approved.job_id!);
      expect(await get(big.id, m)).toMatchObject({ status: 'sent', recipients: 50 });
    } finally {
      await admin.put('/api/v1/approval-policies', { policies: [] });
    }
  });

  it('adds up mails to the same players from different staff: the second reaches the threshold and waits', async () => {
    // Issue 26 §3: five mails to the same 99 players under a 100 threshold were all sent.
    await addPlayers(`split_${tag}_`, 25);
    await addPlayers(`lone_${tag}_`, 25);
    const same = await group(`split_${tag}_`);
    const other = await group(`lone_${tag}_`);
    const policy = await admin.put('/api/v1/approval-policies', {
      policies: [{ action: perms.approve, threshold: 40 }],
    });
    expect(policy.statusCode, policy.body).toBe(200);
    try {
      const [first, second, third] = await Promise.all(
        [1, 2, 3].map(() => staff([perms.see, perms.edit, perms.approve])),
      );
      const toGroup = async (groupId: number, api: Client) =>
        act(await draft({ target: 'groups', user_group_ids: [groupId] }, api), 'send', api, 'split');
      const once = await toGroup(same, first!);
      expect(once.statusCode, once.body).toBe(200);
      expect(body<Mail>(once).data.status).toBe('sending');
      // The same 25 players again, by someone else: 50 in the window for this audience.
      const twice = await toGroup(same, second!);
      expect(twice.statusCode, twice.body).toBe(202);
      expect(body<ApprovalPending>(twice).data.approval).toMatchObject({
        kind: 'mails.send',
        status: 'pending',
      });
      // Other players, by a third person: a window of its own.
      const elsewhere = await toGroup(other, third!);
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    } finally {
      await admin.put('/api/v1/approval-policies', { policies: [] });
    }
  });

  it('asks for approval when the attachments are worth more than the value threshold, whatever the recipients', async () => {
    // A value threshold only applies to actions whose changes carry a value.
    const wrong = await admin.put('/api/v1/approval-policies', {
      policies: [{ action: 'basic/approve/error_code', value_threshold: 10 }],
    });
    expect(body(wrong).code).toBe(400001);
    expect(JSON.stringify(body(wrong).data)).toContain('policies.0.value_threshold');
    const gem = body<{ id: number }>(
      await admin.post('/api/v1/props', {
        code: `gem${tag}`,
        name: { zh: '钻石', en: 'Gem' },
        type: 'currency',
        rarity: 'rare',
        unit_value: 10,
      }),
    ).data;
    const chest = body<{ id: number }>(
      await admin.post('/api/v1/gift-packages', {
        name: { zh: '宝箱', en: 'Chest' },
        contents: [{ prop_id: gem.id, quantity: 5 }],
      }),
    ).data;
    const policy = await admin.put('/api/v1/approval-policies', {
      policies: [{ action: perms.approve, value_threshold: 1000 }],
    });
    expect(policy.statusCode, policy.body).toBe(200);
    expect(body<{ valued_actions: string[] }>(policy).data.valued_actions).toEqual([perms.approve]);
    try {
      const m = await staff([perms.see, perms.edit, perms.approve]);
      // 20 players × 3 gems × 10 = 600: below the value threshold, sent at once.
      const cheap = await draft(
        { target: 'servers', servers: ['s2'], attachments: [{ type: 'prop', id: gem.id, quantity: 3 }] },
        m,
      );
      expect(body<Mail>(await act(cheap, 'send', m)).data.status).toBe('sending');
      // 20 players × 2 chests × 5 gems × 10 = 2,000: waits for a second person.
      const dear = await draft(
        { target: 'servers', servers: ['s2'], attachments: [{ type: 'gift', id: chest.id, quantity: 2 }] },
        m,
      );
      const asked = await act(dear, 'send', m, 'compensation');
      expect(asked.statusCode, asked.body).toBe(202);
      expect(body<ApprovalPending>(asked).data.approval).toMatchObject({
        kind: 'mails.send',
        amount: 20,
        value: 2000,
      });
      expect(await get(dear.id, m)).toMatchObject({ status: 'pending_approval' });
      // The approver reads the mail as staff know it (issue 27): title, attachments by name,
      // audience, recipients, the value as money, and a link to it.
      const { id: approvalId } = body<ApprovalPending>(asked).data.approval;
      const checker = await staff([perms.see, perms.approve]);
      const detail = body<ApprovalRequestDetail>(await checker.get(`/api/v1/approvals/${approvalId}`)).data;
      const field = (key: string) => detail.subject?.fields.find((f) => f.key === key);
      expect(detail.subject?.link).toMatch(/^\/tooloperate\/tooloperate-fe\/base\/mail-manage\?q=/);
      expect(field('title')?.text).toBe(dear.title.zh);
      expect(field('attachments')?.list).toEqual(['宝箱 × 2']);
      expect(field('audience_servers')?.list).toEqual(['s2']);
      expect(field('recipients')?.number).toBe(20);
      expect(field('attachment_value')?.money).toEqual({ amount: 2000, currency: 'CNY' });
    } finally {
      await admin.put('/api/v1/approval-policies', { policies: [] });
    }
  });

  it("lists mails in a gift package's used-by and keeps the gift while a live mail names it (422001)", async () => {
    const gift = body<{ id: number }>(
      await admin.post('/api/v1/gift-packages', {
        name: { zh: '邮件礼包', en: 'Mail gift' },
        contents: [{ prop_id: propId, quantity: 1 }],
      }),
    ).data;
    const mail = await sent(await draft({ attachments: [{ type: 'gift', id: gift.id, quantity: 1 }] }));
    const usedBy = body<{ type: string; id: number }[]>(
      await admin.get(`/api/v1/gift-packages/${gift.id}/used-by`),
    ).data;
    expect(usedBy).toEqual([expect.objectContaining({ type: 'mail', id: mail.id })]);
    expect(body(await admin.del(`/api/v1/gift-packages/${gift.id}`)).code).toBe(422001);
  });

  it('checks permissions on the server and keeps products apart', async () => {
    const viewer = await staff([perms.see]);
    expect(body(await viewer.get('/api/v1/mails')).code).toBe(0);
    expect(
      body(await viewer.post('/api/v1/mails', { title: { zh: 'x' }, sender: 'x', target: 'all' })).code,
    ).toBe(403001);
    const mail = await draft();
    expect(body(await act(mail, 'send', viewer)).code).toBe(403001);
    expect(body(await viewer.get(`/api/v1/mails/${mail.id}/stats`)).code).toBe(0);
    const editor = await staff([perms.see, perms.edit]);
    expect(body(await act(mail, 'send', editor)).code).toBe(403001);
    const other = t.client(t.user.access_token, otherProduct);
    expect(body(await other.get(`/api/v1/mails/${mail.id}`)).code).toBe(404001);
    expect(body(await other.get(`/api/v1/mails/${mail.id}/stats`)).code).toBe(404001);
    expect(body(await act(mail, 'send', other)).code).toBe(404001);
    expect((await get(mail.id)).status).toBe('draft');
    // The other product's game key does not reach this product's mail.
    const otherKey = await t.gameKey(other, 'x');
    const sentMail = await sent(await draft({ target: 'servers', servers: ['s2'] }));
    const url = `/api/game/v1/mail/${sentMail.id}/claim`;
    const raw = JSON.stringify({ openid: 'b_9' });
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...signGameRequest(otherKey, { method: 'POST', url, body: raw }),
        'content-type': 'application/json',
      },
      payload: raw,
    });
    expect(body<GameClaimAnswer>(res).data).toMatchObject({ claimed: false, reason: 'not_found' });
  });
});

/** A staff member holding exactly `permissions`, calling on this test's product. */
async function staff(permissions: string[]): Promise<Client> {
  const name = await t.staffWith(permissions);
  return t.client((await signInAs(t.app, name)).user.access_token, productId);
}
