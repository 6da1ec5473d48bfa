import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  CODE_ALPHABET,
  codeBatchResource,
  type ApprovalRequest,
  type ApprovalSubject,
  type CodeBatch,
  type CodeLookup,
  type RedeemAnswer,
} from '@rx/contracts';
import { body, type Client, sheetOf, signGameRequest, useTestApp } from '../../../test/index.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { generateChunk, insertCodes, randomCodes } from './generate.ts';
import { codeBatches, codes } from './tables.ts';

const t = useTestApp({ gameKey: 'codes' });
const admin = t.admin;
let compensation: number;
let starter: number;
const perms = codeBatchResource.permissions;
const DAY = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

beforeAll(async () => {
  const gifts = await t.database.db
    .select()
    .from(giftPackages)
    .where(eq(giftPackages.productId, t.productId));
  compensation = gifts.find((g) => g.name.zh === '维护补偿')!.id;
  starter = gifts.find((g) => g.name.zh === '新手礼包')!.id;
});

const newBatch = (extra: object = {}) => ({
  name: `批次 ${Math.random().toString(36).slice(2, 8)}`,
  kind: 'unique',
  length: 12,
  quantity: 20,
  gift_package_id: compensation,
  start_at: iso(-DAY),
  end_at: iso(30 * DAY),
  ...extra,
});

async function staff(permissions: string[]): Promise<{ api: Client; name: string }> {
  const name = await t.staffWith(permissions);
  return { api: await t.signIn(name, 'xianxia'), name };
}

/** Creates a batch and makes it active (no policy applies below the test's thresholds). */
async function activeBatch(api: Client, extra: object = {}): Promise<CodeBatch> {
  const created = body<CodeBatch>(await api.post('/api/v1/code-batches', newBatch(extra)));
  expect(created.code, JSON.stringify(created)).toBe(0);
  const res = await api.post(`/api/v1/code-batches/${created.data.id}/submit`, {
    version: created.data.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return finished(body<CodeBatch>(res).data.id);
}

/** Waits for the batch's generation job to end; answers the batch. */
async function finished(id: number): Promise<CodeBatch> {
  const [row] = await t.database.db.select().from(codeBatches).where(eq(codeBatches.id, id));
  if (row!.jobId !== null) await t.app.jobs.runJob(row!.jobId);
  return body<CodeBatch>(await admin.get(`/api/v1/code-batches/${id}`)).data;
}

async function codesOf(batchId: number): Promise<string[]> {
  return (await t.database.db.select({ code: codes.code }).from(codes).where(eq(codes.batchId, batchId))).map(
    (r) => r.code,
  );
}

function redeem(payload: { openid: string; role_id?: string; code: string }) {
  const url = '/api/game/v1/codes/redeem';
  const raw = JSON.stringify({ role_id: 'r1', ...payload });
  return t.app.inject({
    method: 'POST',
    url,
    headers: signGameRequest(t.key, { method: 'POST', url, body: raw }),
    payload: raw,
  });
}
const answer = async (payload: { openid: string; code: string }) => {
  const res = await redeem(payload);
  expect(res.statusCode, res.body).toBe(200);
  return body<RedeemAnswer>(res).data;
};
const reasonOf = async (payload: { openid: string; code: string }) => {
  const a = await answer(payload);
  return a.redeemed ? 'redeemed' : a.reason;
};

describe('exchange-code batches', () => {
  it('refuses bad input with field messages and saves nothing', async () => {
    const before = await t.rowCount(codeBatches);
    const short = await admin.post('/api/v1/code-batches', newBatch({ length: 8, quantity: 1_000_000 }));
    expect(body(short)).toMatchObject({ code: 400001, data: { fields: { length: expect.any(String) } } });
    const order = await admin.post('/api/v1/code-batches', newBatch({ end_at: iso(-2 * DAY) }));
    expect(body(order)).toMatchObject({ code: 400001, data: { fields: { end_at: expect.any(String) } } });
    const notForCodes = await admin.post('/api/v1/code-batches', newBatch({ gift_package_id: starter }));
    expect(body(notForCodes)).toMatchObject({
      code: 400001,
      data: { fields: { gift_package_id: expect.any(String) } },
    });
    const tooMany = await admin.post('/api/v1/code-batches', newBatch({ quantity: 1_000_001, length: 20 }));
    expect(body(tooMany)).toMatchObject({ code: 400001, data: { fields: { quantity: expect.any(String) } } });
    const keyword = await admin.post('/api/v1/code-batches', newBatch({ kind: 'keyword', keyword: '' }));
    expect(body(keyword)).toMatchObject({ code: 400001, data: { fields: { keyword: expect.any(String) } } });
    expect(await t.rowCount(codeBatches)).toBe(before);
  });

  it('asks for approval above the threshold; the maker cannot approve; a second person can; then generates', async () => {
    const maker = await staff([perms.see, perms.edit, perms.approve]);
    const checker = await staff([perms.see, perms.approve]);
    const policies = await admin.put('/api/v1/approval-policies', {
      policies: [{ action: perms.approve, threshold: 1000 }],
    });
    expect(policies.statusCode, policies.body).toBe(200);
    try {
      const draft = body<CodeBatch>(
        await maker.api.post('/api/v1/code-batches', newBatch({ quantity: 25_000 })),
      ).data;
      expect(draft).toMatchObject({ status: 'draft', generated: 0, created_by: maker.name });
      const asked = await maker.api.post(`/api/v1/code-batches/${draft.id}/submit`, {
        version: draft.version,
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const request = body<{ approval: ApprovalRequest }>(asked).data.approval;
      expect(request).toMatchObject({ kind: 'code_batches.activate', amount: 25_000 });
      expect(body<CodeBatch>(await admin.get(`/api/v1/code-batches/${draft.id}`)).data.status).toBe(
        'pending_approval',
      );
      // The checker reads the batch as staff know it (issue 27): name, reward by name, codes, a link.
      const detail = body<{ subject: ApprovalSubject | null }>(
        await checker.api.get(`/api/v1/approvals/${request.id}`),
      ).data;
      const field = (key: string) => detail.subject?.fields.find((f) => f.key === key);
      expect(field('name')?.text).toBe(draft.name);
      expect(field('gift')?.text).toBe('维护补偿');
      expect(field('reward')?.list?.length).toBeGreaterThan(0);
      expect(field('codes')?.number).toBe(25_000);
      expect(detail.subject?.link).toBe(`/operation/ckdey-config?q=${encodeURIComponent(draft.name)}`);
      const own = await maker.api.post(`/api/v1/approvals/${request.id}/approve`, { comment: 'mine' });
      expect(body(own).code).toBe(403001);
      const ok = await checker.api.post(`/api/v1/approvals/${request.id}/approve`, { comment: 'fine' });
      expect(ok.statusCode, ok.body).toBe(200);
      // The job starts once the approval committed.
      let batch = body<CodeBatch>(await admin.get(`/api/v1/code-batches/${draft.id}`)).data;
      for (let i = 0; i < 100 && batch.job_id === null; i++) {
        await new Promise((r) => setTimeout(r, 50));
        batch = body<CodeBatch>(await admin.get(`/api/v1/code-batches/${draft.id}`)).data;
      }
      batch = await finished(draft.id);
      expect(batch).toMatchObject({ status: 'active', generated: 25_000 });
      const all = await codesOf(draft.id);
      expect(all).toHaveLength(25_000);
      expect(new Set(all).size).toBe(25_000);
      const pattern = new RegExp(`^[${CODE_ALPHABET}]{12}$`);
      expect(all.every((c) => pattern.test(c))).toBe(true);
      expect(all.some((c) => /[01OIL]/.test(c))).toBe(false);
      expect((await t.logsOf('code_batch', draft.id)).map((l) => l.action)).toEqual(
        expect.arrayContaining(['create', 'submit', 'approve']),
      );
    } finally {
      await admin.put('/api/v1/approval-policies', { policies: [] });
    }
  }, 90_000);

  it('brings a batch back to draft when its approval is rejected', async () => {
    const maker = await staff([perms.see, perms.edit, perms.approve]);
    const checker = await staff([perms.see, perms.approve]);
    await admin.put('/api/v1/approval-policies', { policies: [{ action: perms.approve, threshold: 1000 }] });
    try {
      const draft = body<CodeBatch>(
        await maker.api.post('/api/v1/code-batches', newBatch({ quantity: 5_000 })),
      ).data;
      const asked = await maker.api.post(`/api/v1/code-batches/${draft.id}/submit`, {
        version: draft.version,
      });
      const request = body<{ approval: ApprovalRequest }>(asked).data.approval;
      const no = await checker.api.post(`/api/v1/approvals/${request.id}/reject`, { comment: 'too many' });
      expect(no.statusCode, no.body).toBe(200);
      expect(body<CodeBatch>(await admin.get(`/api/v1/code-batches/${draft.id}`)).data).toMatchObject({
        status: 'draft',
        generated: 0,
      });
    } finally {
      await admin.put('/api/v1/approval-policies', { policies: [] });
    }
  });

  it('resumes a chunk without duplicates or gaps (generation is idempotent per chunk)', async () => {
    const batch = body<CodeBatch>(await admin.post('/api/v1/code-batches', newBatch({ quantity: 500 }))).data;
    const input = {
      batch_id: batch.id,
      product_id: t.productId,
      chunk: 0,
      count: 500,
      length: 12,
      prefix: 'RX',
    };
    // A run killed mid-transaction leaves nothing (its items commit with their "done").
    await expect(
      t.database.db.transaction(async (tx) => {
        await generateChunk(tx, input);
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await codesOf(batch.id)).toHaveLength(0);
    // Part of the chunk present (as after any partial run): the item tops it up.
    await t.database.db.transaction((tx) =>
      insertCodes(tx, { productId: t.productId, batchId: batch.id, chunk: 0 }, randomCodes(200, 12, 'RX')),
    );
    const made = await t.database.db.transaction((tx) => generateChunk(tx, input));
    expect(made).toEqual({ made: 300 });
    const again = await t.database.db.transaction((tx) => generateChunk(tx, input));
    expect(again).toEqual({ made: 0 });
    const all = await codesOf(batch.id);
    expect(all).toHaveLength(500);
    expect(new Set(all).size).toBe(500);
    expect(all.every((c) => c.startsWith('RX'))).toBe(true);
    // A collision with the product's codes is drawn again, never duplicated.
    const taken = all.slice(0, 3);
    const inserted = await t.database.db.transaction((tx) =>
      insertCodes(tx, { productId: t.productId, batchId: batch.id, chunk: 1 }, taken),
    );
    expect(inserted).toBe(0);
  });

  it('resumes a job left running (a crash) with the chunks it had not finished, without duplicates', async () => {
    const batch = await activeBatch(admin, { quantity: 25_000 });
    expect(batch.generated).toBe(25_000);
    const { db } = t.database;
    // As after a kill -9 during the last chunks: their items pending, their codes never committed.
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from codes where batch_id = ${batch.id} and chunk >= 1`);
      await tx.execute(
        sql`update code_batches set generated = (select count(*) from codes where batch_id = ${batch.id})
          where id = ${batch.id}`,
      );
      await tx.execute(
        sql`update job_items set status = 'pending', done_at = null where job_id = ${batch.job_id} and seq >= 2`,
      );
      await tx.execute(
        sql`update jobs set status = 'running', done = 1, finished_at = null where id = ${batch.job_id}`,
      );
    });
    expect((await codesOf(batch.id)).length).toBe(20_000);
    await t.app.jobs.runJob(batch.job_id!);
    const all = await codesOf(batch.id);
    expect(all).toHaveLength(25_000);
    expect(new Set(all).size).toBe(25_000);
    const after = body<CodeBatch>(await admin.get(`/api/v1/code-batches/${batch.id}`)).data;
    expect(after.generated).toBe(25_000);
    expect((await t.app.jobs.find(batch.job_id!))!.status).toBe('succeeded');
  }, 90_000);

  it('redeems and answers each reason', async () => {
    const batch = await activeBatch(admin, { per_code_limit: 1, per_player_limit: 1 });
    const [first, second, third] = await codesOf(batch.id);
    expect(await answer({ openid: 'p-reasons-1', code: first!.toLowerCase() })).toMatchObject({
      redeemed: true,
      batch_id: batch.id,
      gift_package_id: compensation,
      reward: expect.arrayContaining([expect.objectContaining({ quantity: 2 })]),
    });
    expect(await reasonOf({ openid: 'p-reasons-2', code: first! })).toBe('used_up');
    expect(await reasonOf({ openid: 'p-reasons-1', code: second! })).toBe('already_redeemed');
    expect(await reasonOf({ openid: 'p-reasons-1', code: 'ZZZZZZZZZZZZ' })).toBe('unknown');

    const later = await activeBatch(admin, { start_at: iso(DAY) });
    expect(await reasonOf({ openid: 'p-reasons-3', code: (await codesOf(later.id))[0]! })).toBe(
      'not_started',
    );
    const past = await activeBatch(admin, { start_at: iso(-3 * DAY), end_at: iso(-DAY) });
    expect(await reasonOf({ openid: 'p-reasons-3', code: (await codesOf(past.id))[0]! })).toBe('expired');

    const off = await admin.post(`/api/v1/code-batches/${batch.id}/deactivate`, { version: batch.version });
    expect(body<CodeBatch>(off).data.status).toBe('off');
    expect(await reasonOf({ openid: 'p-reasons-4', code: third! })).toBe('off');
    const voided = await admin.post(`/api/v1/code-batches/${batch.id}/void`, {
      version: body<CodeBatch>(off).data.version,
    });
    expect(body<CodeBatch>(voided).data.status).toBe('voided');
    expect(await reasonOf({ openid: 'p-reasons-4', code: third! })).toBe('voided');
    // A voided batch moves no more.
    const again = await admin.post(`/api/v1/code-batches/${batch.id}/activate`, {
      version: body<CodeBatch>(voided).data.version,
    });
    expect(body(again).code).toBe(422001);
    // The draft is not known to players.
    const draft = body<CodeBatch>(
      await admin.post('/api/v1/code-batches', newBatch({ kind: 'keyword', keyword: 'DRAFTWORD' })),
    ).data;
    expect(draft.id).toBeGreaterThan(0);
    expect(await reasonOf({ openid: 'p-reasons-4', code: 'DRAFTWORD' })).toBe('unknown');
  });

  it('limits per player, per keyword and per batch group', async () => {
    const keyword = await activeBatch(admin, {
      kind: 'keyword',
      keyword: 'SPRING2026',
      total_limit: 2,
      per_player_limit: 1,
      group_key: 'spring',
    });
    expect(keyword).toMatchObject({ generated: 1 });
    expect(await reasonOf({ openid: 'kw-1', code: 'spring-2026' })).toBe('redeemed');
    expect(await reasonOf({ openid: 'kw-1', code: 'SPRING2026' })).toBe('already_redeemed');
    expect(await reasonOf({ openid: 'kw-2', code: 'SPRING2026' })).toBe('redeemed');
    expect(await reasonOf({ openid: 'kw-3', code: 'SPRING2026' })).toBe('used_up');
    const sameGroup = await activeBatch(admin, { group_key: 'spring', per_code_limit: 5 });
    const [code] = await codesOf(sameGroup.id);
    expect(await reasonOf({ openid: 'kw-1', code: code! })).toBe('group_limit');
    expect(await reasonOf({ openid: 'kw-3', code: code! })).toBe('redeemed');
    const twice = await activeBatch(admin, { per_player_limit: 2, per_code_limit: 1 });
    const [a, b, c] = await codesOf(twice.id);
    expect(await reasonOf({ openid: 'pp-1', code: a! })).toBe('redeemed');
    expect(await reasonOf({ openid: 'pp-1', code: b! })).toBe('redeemed');
    expect(await reasonOf({ openid: 'pp-1', code: c! })).toBe('already_redeemed');
    const total = await activeBatch(admin, { total_limit: 1 });
    const [x, y] = await codesOf(total.id);
    expect(await reasonOf({ openid: 'tl-1', code: x! })).toBe('redeemed');
    expect(await reasonOf({ openid: 'tl-2', code: y! })).toBe('used_up');
  });

  it('lets exactly one of 50 parallel redemptions of a one-use code win', async () => {
    const batch = await activeBatch(admin, { quantity: 5, per_code_limit: 1 });
    const [code] = await codesOf(batch.id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => answer({ openid: `race-${i}`, code: code! })),
    );
    expect(answers.filter((a) => a.redeemed)).toHaveLength(1);
    expect(answers.filter((a) => !a.redeemed && a.reason === 'used_up')).toHaveLength(49);
    const lookup = body<CodeLookup>(await admin.get(`/api/v1/code-batches/codes/lookup?code=${code}`)).data;
    expect(lookup.redeemed).toBe(1);
    expect(lookup.redemptions).toHaveLength(1);
    expect(body<CodeBatch>(await admin.get(`/api/v1/code-batches/${batch.id}`)).data.redeemed).toBe(1);
  });

  it('answers 429 after 10 unknown codes of one player in a minute', async () => {
    for (let i = 0; i < 10; i++) {
      expect(await reasonOf({ openid: 'guesser', code: `GUESS${i}AAAAAA` })).toBe('unknown');
    }
    const refused = await redeem({ openid: 'guesser', code: 'GUESS99AAAAA' });
    expect(refused.statusCode).toBe(429);
    expect(body(refused).code).toBe(429001);
    // Another player is not affected.
    expect(await reasonOf({ openid: 'honest', code: 'NOTACODE2345' })).toBe('unknown');
  });

  it('looks a code up, exports the codes stamped and logged', async () => {
    const batch = await activeBatch(admin, { quantity: 30, prefix: 'EX', length: 12 });
    const [code] = await codesOf(batch.id);
    await answer({ openid: 'lookup-1', role_id: 'role-9', code: code! } as { openid: string; code: string });
    const found = body<CodeLookup>(await admin.get(`/api/v1/code-batches/codes/lookup?code=${code}`)).data;
    expect(found).toMatchObject({
      code,
      batch: { id: batch.id, status: 'active' },
      redeemed: 1,
      redemptions: [{ openid: 'lookup-1', role_id: 'role-9' }],
    });
    expect(body(await admin.get('/api/v1/code-batches/codes/lookup?code=NOPE')).code).toBe(404001);
    const exported = await admin.get(`/api/v1/code-batches/${batch.id}/codes/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="codes-${batch.id}-\\d{8}-\\d{6}\\.csv"`),
    );
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(exported.body.replace(/^\uFEFF/, '').startsWith(`# batch,${batch.name}\r\n`)).toBe(true);
    expect(lines[0]).toContain(batch.name);
    expect(lines[1]).toBe('# exported_by,admin');
    expect(lines[2]).toMatch(/^# exported_at,\d{4}-/);
    expect(lines[3]).toBe('code,redeemed');
    expect(lines.slice(4)).toHaveLength(30);
    expect(lines.slice(4).every((l) => /^EX[A-Z2-9]{10},[01]$/.test(l))).toBe(true);
    expect(lines).toContain(`${code},1`);
    expect((await t.logsOf('code_batch', batch.id))[0]).toMatchObject({
      action: 'export',
      username: 'admin',
      targetName: batch.name,
      after: { codes: 30 },
    });
    const page = body<{ list: { code: string }[]; total: number }>(
      await admin.get(`/api/v1/code-batches/${batch.id}/codes?page_size=10`),
    ).data;
    expect(page.total).toBe(30);
    expect(page.list).toHaveLength(10);
  });

  it('shows an active batch as generating, with its progress, until its codes exist', async () => {
    const batch = await activeBatch(admin, { quantity: 25_000 });
    expect(batch).toMatchObject({ status: 'active', generating: false, generated: 25_000 });
    // Mid-way through its job (as a crash test leaves it): the first chunk of two stored.
    await t.database.db.update(codeBatches).set({ generated: 20_000 }).where(eq(codeBatches.id, batch.id));
    const midway = body<CodeBatch>(await admin.get(`/api/v1/code-batches/${batch.id}`)).data;
    expect(midway).toMatchObject({ status: 'active', generating: true, generated: 20_000, quantity: 25_000 });
    const listed = body<{ list: CodeBatch[] }>(
      await admin.get(`/api/v1/code-batches?q=${encodeURIComponent(batch.name)}`),
    );
    expect(listed.data.list[0]).toMatchObject({ id: batch.id, generating: true });
    // A keyword batch has its one code at once.
    const keyword = await activeBatch(admin, {
      kind: 'keyword',
      keyword: `KW${Date.now().toString(36).toUpperCase()}`,
    });
    expect(keyword).toMatchObject({ generating: false, generated: 1 });
  }, 90_000);

  it('exports the codes as XLSX when asked', async () => {
    const batch = await activeBatch(admin, { quantity: 12, prefix: 'XL', length: 12 });
    const res = await admin.get(`/api/v1/code-batches/${batch.id}/codes/export?format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetOf(res);
    expect(rows[0]).toEqual(['# batch', batch.name]);
    const header = rows.findIndex((r) => r[0] === 'code');
    expect(rows[header]).toEqual(['code', 'redeemed']);
    const listed = rows.slice(header + 1);
    expect(listed).toHaveLength(12);
    expect(listed.every(([code]) => /^XL[A-Z2-9]{10}$/.test(String(code)))).toBe(true);
    expect(body(await admin.get(`/api/v1/code-batches/${batch.id}/codes/export?format=pdf`)).code).toBe(
      400001,
    );
  });

  it('needs the permission per action, and never crosses products or CPs', async () => {
    const batch = await activeBatch(admin);
    const viewer = await staff([perms.see]);
    expect(body(await viewer.api.get('/api/v1/code-batches')).code).toBe(0);
    expect(body(await viewer.api.post('/api/v1/code-batches', newBatch())).code).toBe(403001);
    expect(body(await viewer.api.get(`/api/v1/code-batches/${batch.id}/codes/export`)).code).toBe(403001);
    expect(
      body(await viewer.api.post(`/api/v1/code-batches/${batch.id}/void`, { version: batch.version })).code,
    ).toBe(403001);
    const nobody = await staff(['see/home']);
    expect(body(await nobody.api.get('/api/v1/code-batches')).code).toBe(403001);
    const [code] = await codesOf(batch.id);
    const tank = await t.signIn('admin', 'tankwar');
    expect(body(await tank.get(`/api/v1/code-batches/${batch.id}`)).code).toBe(404001);
    expect(body(await tank.get(`/api/v1/code-batches/codes/lookup?code=${code}`)).code).toBe(404001);
    expect(
      body<{ list: CodeBatch[] }>(await tank.get('/api/v1/code-batches?page_size=100')).data.list.every(
        (b) => b.product_id !== t.productId,
      ),
    ).toBe(true);
    const hw = await t.signIn('ops_hw', 'dawn');
    expect(body(await hw.get(`/api/v1/code-batches/${batch.id}`)).code).toBe(404001);
    // Another product's key does not redeem this product's codes.
    const tankKey = await t.gameKey(tank, 'tank');
    const url = '/api/game/v1/codes/redeem';
    const raw = JSON.stringify({ openid: 'cross', role_id: '', code });
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: signGameRequest(tankKey, { method: 'POST', url, body: raw }),
      payload: raw,
    });
    expect(body<RedeemAnswer>(res).data).toEqual({ redeemed: false, reason: 'unknown' });
    // Unsigned: refused.
    const unsigned = await t.app.inject({ method: 'POST', url, payload: { openid: 'x', code: code! } });
    expect(unsigned.statusCode).toBe(401);
  });

  it("lists the batches in the gift package's used-by and keeps the gift from deletion (422001)", async () => {
    const gift = body<{ id: number }>(
      await admin.post('/api/v1/gift-packages', {
        name: { zh: '兑换礼包', en: 'Code gift' },
        contents: [{ prop_id: (await firstProp()).id, quantity: 1 }],
        usable_in: ['codes'],
      }),
    ).data;
    const batch = await activeBatch(admin, { gift_package_id: gift.id });
    const usedBy = body<{ type: string; id: number }[]>(
      await admin.get(`/api/v1/gift-packages/${gift.id}/used-by`),
    ).data;
    expect(usedBy).toEqual([expect.objectContaining({ type: 'code_batch', id: batch.id, status: 'active' })]);
    const refused = await admin.del(`/api/v1/gift-packages/${gift.id}`);
    expect(body(refused)).toMatchObject({
      code: 422001,
      data: { used_by: [{ type: 'code_batch', count: 1 }] },
    });
    expect((await t.database.db.select().from(giftPackages).where(eq(giftPackages.id, gift.id))).length).toBe(
      1,
    );
  });

  it('deletes a draft only; expires by the scheduler', async () => {
    const draft = body<CodeBatch>(await admin.post('/api/v1/code-batches', newBatch())).data;
    const edited = await admin.put(`/api/v1/code-batches/${draft.id}`, {
      name: '改名',
      version: draft.version,
    });
    expect(body<CodeBatch>(edited).data).toMatchObject({ name: '改名', version: draft.version + 1 });
    expect(body(await admin.del(`/api/v1/code-batches/${draft.id}`)).data).toEqual({ deleted: true });
    const live = await activeBatch(admin);
    const edit = await admin.put(`/api/v1/code-batches/${live.id}`, { name: 'x', version: live.version });
    expect(body(edit).code).toBe(422001);
    await t.database.db.transaction(async (tx) => {
      const { expireBatch } = await import('./service.ts');
      await expireBatch(tx, live.id);
    });
    const [row] = await t.database.db
      .select()
      .from(codeBatches)
      .where(and(eq(codeBatches.id, live.id), eq(codeBatches.productId, t.productId)));
    expect(row!.status).toBe('expired');
    expect((await t.logsOf('code_batch', live.id))[0]).toMatchObject({ action: 'end', username: 'system' });
  });
});

async function firstProp(): Promise<{ id: number }> {
  const res = await admin.get('/api/v1/props?status=active&page_size=1');
  return body<{ list: { id: number }[] }>(res).data.list[0]!;
}
