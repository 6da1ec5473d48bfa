import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  csAutoReplyStatsAccess,
  csClassStatsAccess,
  csConversationAccess,
  csQualityAccess,
  localDayOf,
  type CsAutoReplyStats,
  type CsClassStats,
  type CsMyQuality,
  type CsQualitySummary,
  type CsReview,
  type CsRubric,
  type CsSettings,
  type CsConversation,
  type FeedbackType,
  type FeedbackTypeNode,
  type GameCsConversation,
} from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { operationLogs, users } from '../../db/schema.ts';
import { csConversations } from './tables.ts';

// The service statistics pages' data: conversations by feedback type per day (and its export),
// auto-reply rule hits with the conversations resolved without a person, and quality reviews
// (rubrics, sampling per agent, scores, averages, each agent's own). Counts are read before and
// after the conversations this file opens, so that other rows of the day do not matter.

const t = useTestApp({ gameKey: 'cs-stats5' });
const admin = t.admin;
const tag = Date.now().toString(36);
const player = (n: number | string) => `ss${tag}_${n}`;
let today: string;

async function open(openid: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.signedCall(t.key, 'POST', '/api/game/v1/cs/conversations', { openid, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return body<GameCsConversation>(res).data.id;
}
async function say(id: number, openid: string, text: string): Promise<void> {
  const res = await t.signedCall(t.key, 'POST', `/api/game/v1/cs/conversations/${id}/messages`, {
    openid,
    text,
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function feedbackType(code: string): Promise<FeedbackType> {
  const res = await admin.post('/api/v1/feedback-types', {
    code,
    name: { zh: `类 ${code}`, en: `Type ${code}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<FeedbackType>(res).data;
}
const window = () => `from=${today}&to=${today}`;

beforeAll(async () => {
  const settings = body<CsSettings>(await admin.get('/api/v1/cs/settings')).data;
  today = localDayOf(new Date(), settings.time_zone);
});

describe('session classification statistics', () => {
  it('counts the conversations of each feedback type per day, the unclassified apart, and exports them', async () => {
    const billing = await feedbackType(`bill${tag}`);
    const login = await feedbackType(`login${tag}`);
    const stats = async () =>
      body<CsClassStats>(await admin.get(`/api/v1/cs/classification-stats?${window()}`)).data;
    const countOf = (s: CsClassStats, id: number) => s.rows.find((r) => r.type_id === id)?.total ?? 0;
    const before = await stats();
    expect(before.days).toEqual([today]);
    expect(countOf(before, billing.id)).toBe(0);

    // Two players choose billing, one login, one nothing; an agent files the last under login.
    await open(player('c1'), { feedback_type: billing.code });
    await open(player('c2'), { feedback_type: billing.code });
    await open(player('c3'), { feedback_type: login.code });
    const unfiled = await open(player('c4'));
    let after = await stats();
    expect(countOf(after, billing.id)).toBe(2);
    expect(countOf(after, login.id)).toBe(1);
    expect(countOf(after, 0)).toBe(countOf(before, 0) + 1);
    expect(after.total).toBe(before.total + 4);
    expect(after.rows.find((r) => r.type_id === billing.id)).toMatchObject({
      code: billing.code,
      by_day: [2],
      name: { en: `Type ${billing.code}` },
    });

    const filed = await admin.put(`/api/v1/cs/conversations/${unfiled}/classification`, {
      feedback_type_id: login.id,
    });
    expect(filed.statusCode, filed.body).toBe(200);
    after = await stats();
    expect(countOf(after, login.id)).toBe(2);
    expect(countOf(after, 0)).toBe(countOf(before, 0));
    // The workbench reads the filing on the conversation, and picks from the enabled types.
    expect(
      body<CsConversation>(await admin.get(`/api/v1/cs/conversations/${unfiled}`)).data.feedback_type_id,
    ).toBe(login.id);
    const picker = body<{ list: FeedbackTypeNode[] }>(await admin.get('/api/v1/cs/feedback-types')).data.list;
    const flat = (nodes: FeedbackTypeNode[]): FeedbackTypeNode[] =>
      nodes.flatMap((n) => [n, ...flat(n.children)]);
    expect(flat(picker).map((n) => n.id)).toEqual(expect.arrayContaining([login.id, billing.id]));
    expect(flat(picker).every((n) => n.enabled)).toBe(true);

    // Bad input changes nothing: an unknown type code on opening, an unknown type id, a reversed window.
    const unknown = await t.signedCall(t.key, 'POST', '/api/game/v1/cs/conversations', {
      openid: player('c5'),
      feedback_type: 'no_such_type',
    });
    expect(body<{ fields: Record<string, string> }>(unknown).data.fields).toHaveProperty('feedback_type');
    const wrong = await admin.put(`/api/v1/cs/conversations/${unfiled}/classification`, {
      feedback_type_id: 2_147_483_000,
    });
    expect(body(wrong).code).toBe(400001);
    expect(
      body(
        await admin.put(`/api/v1/cs/conversations/${unfiled}/classification`, { feedback_type_id: 2 ** 31 }),
      ).code,
    ).toBe(400001);
    expect(body(await admin.get(`/api/v1/cs/classification-stats?from=${today}&to=2000-01-01`)).code).toBe(
      400001,
    );
    expect(body(await admin.get('/api/v1/cs/classification-stats?from=2024-01-01&to=2024-12-31')).code).toBe(
      400001,
    );
    expect((await stats()).total).toBe(after.total);

    const file = await admin.get(`/api/v1/cs/classification-stats/export?${window()}&format=csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body.split(/\r?\n/);
    expect(lines[0]).toContain('day');
    expect(lines.find((l) => l.includes(billing.code))).toMatch(
      new RegExp(`^\\uFEFF?${today},${billing.code},.*,2$`),
    );
    const logs = await t.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.targetType, 'cs_classification'));
    expect(logs.map((l) => l.action)).toContain('export');
  });

  it('needs its permissions; another CP sees none of it', async () => {
    const p = csClassStatsAccess.permissions;
    const nobody = await t.staff([]);
    expect(body(await nobody.get(`/api/v1/cs/classification-stats?${window()}`)).code).toBe(403001);
    const viewer = await t.staff([p.see]);
    expect(body(await viewer.get(`/api/v1/cs/classification-stats?${window()}`)).code).toBe(0);
    expect(body(await viewer.get(`/api/v1/cs/classification-stats/export?${window()}`)).code).toBe(403001);
    const id = await open(player('cp'));
    const other = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect(
      body(await other.put(`/api/v1/cs/conversations/${id}/classification`, { feedback_type_id: null })).code,
    ).toBe(404001);
    const theirs = body<CsClassStats>(await other.get(`/api/v1/cs/classification-stats?${window()}`)).data;
    expect(theirs.rows.some((r) => r.code.endsWith(tag))).toBe(false);
    const theirTypes = body<{ list: FeedbackTypeNode[] }>(await other.get('/api/v1/cs/feedback-types')).data
      .list;
    expect(JSON.stringify(theirTypes)).not.toContain(tag);
    // The picker is the workbench's: staff without it are refused.
    expect(body(await nobody.get('/api/v1/cs/feedback-types')).code).toBe(403001);
  });
});

describe('auto-reply statistics', () => {
  it('counts each rule’s hits, its conversations and those handed off, and the texts no rule matched', async () => {
    const rule = await admin.post('/api/v1/auto-replies', {
      name: `ar${tag}`,
      keywords: [{ text: `ar${tag}`, match: 'contains' }],
      replies: [
        { type: 'text', text: `answer ${tag}` },
        { type: 'text', text: 'and more' },
      ],
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const ruleId = body<{ id: number }>(rule).data.id;
    const stats = async () =>
      body<CsAutoReplyStats>(await admin.get(`/api/v1/cs/auto-reply-stats?${window()}`)).data;
    const before = await stats();
    const unmatched = (s: CsAutoReplyStats) => s.rows.find((r) => r.rule_id === null)?.hits ?? 0;

    // Three conversations ask; the first asks twice; the third then asks for a person.
    const a = await open(player('a1'));
    await say(a, player('a1'), `about ar${tag}`);
    await say(a, player('a1'), `again ar${tag}`);
    const b = await open(player('a2'));
    await say(b, player('a2'), `what of ar${tag}?`);
    const c = await open(player('a3'));
    await say(c, player('a3'), `ar${tag} please`);
    await say(c, player('a3'), '转人工');
    // A text no rule matches hands the conversation off.
    const d = await open(player('a4'));
    await say(d, player('a4'), `zzz nothing ${tag}`);

    const after = await stats();
    const row = after.rows.find((r) => r.rule_id === ruleId);
    expect(row).toEqual({
      rule_id: ruleId,
      rule_name: `ar${tag}`,
      hits: 4,
      conversations: 3,
      without_handoff: 2,
      handed_off: 1,
      handoff_rate: 0.333,
    });
    expect(unmatched(after)).toBe(unmatched(before) + 1);
    expect(after.total.hits).toBe(before.total.hits + 5);
    expect(after.total.conversations).toBe(before.total.conversations + 4);
    expect(after.total.handed_off).toBe(before.total.handed_off + 2);
    // The rules first, the unmatched row last.
    expect(after.rows.at(-1)?.rule_id).toBeNull();

    expect(body(await admin.get('/api/v1/cs/auto-reply-stats?from=2026-13-01&to=2026-13-02')).code).toBe(
      400001,
    );
    const nobody = await t.staff([]);
    expect(body(await nobody.get(`/api/v1/cs/auto-reply-stats?${window()}`)).code).toBe(403001);
    const viewer = await t.staff([csAutoReplyStatsAccess.permissions.see]);
    expect(body(await viewer.get(`/api/v1/cs/auto-reply-stats?${window()}`)).code).toBe(0);
    const other = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    const theirs = body<CsAutoReplyStats>(await other.get(`/api/v1/cs/auto-reply-stats?${window()}`)).data;
    expect(theirs.rows.some((r) => r.rule_id === ruleId)).toBe(false);
  });
});

describe('quality statistics', () => {
  let rubric: CsRubric;
  const agents: { id: number; name: string }[] = [];

  beforeAll(async () => {
    for (const _ of [0, 1]) {
      // Agents hold the workbench permission only: enough to read their own scores.
      const name = await t.staffWith([csConversationAccess.permissions.see]);
      const [user] = await t.database.db.select().from(users).where(eq(users.username, name));
      agents.push({ id: user!.id, name });
    }
    // Agent 0 resolved three conversations today, agent 1 one.
    const resolved = async (n: string, agentId: number) => {
      const id = await open(player(n));
      await t.database.db
        .update(csConversations)
        .set({ assigneeId: agentId, state: 'resolved', resolvedAt: new Date(), handedOffAt: new Date() })
        .where(eq(csConversations.id, id));
      return id;
    };
    for (const n of ['q1', 'q2', 'q3']) await resolved(n, agents[0]!.id);
    await resolved('q4', agents[1]!.id);
  });

  it('defines rubrics, refusing bad ones', async () => {
    const made = await admin.post('/api/v1/cs/quality-rubrics', {
      name: `rub${tag}`,
      items: [
        { label: 'Greeting', max: 10 },
        { label: 'Solution', max: 30 },
      ],
    });
    expect(made.statusCode, made.body).toBe(200);
    rubric = body<CsRubric>(made).data;
    expect(rubric).toMatchObject({ max_total: 40, enabled: true, version: 1 });
    for (const bad of [
      { name: `x${tag}`, items: [] },
      { name: `x${tag}`, items: [{ label: 'a', max: 0 }] },
      { name: `x${tag}`, items: [{ label: 'a', max: 2 ** 31 }] },
      { name: 'a\u0000b', items: [{ label: 'a', max: 5 }] },
      { name: `rub${tag}`, items: [{ label: 'a', max: 5 }] },
    ]) {
      expect(body(await admin.post('/api/v1/cs/quality-rubrics', bad)).code, JSON.stringify(bad)).toBe(
        400001,
      );
    }
    const list = body<{ list: CsRubric[] }>(await admin.get('/api/v1/cs/quality-rubrics')).data.list;
    expect(list.filter((r) => r.name.endsWith(tag)).map((r) => r.id)).toEqual([rubric.id]);
    expect((await t.logsOf('cs_quality_rubric', rubric.id)).map((l) => l.action)).toEqual(['create']);
  });

  it('samples N resolved conversations per agent, tops up on a second run, scores, averages, and shows the agent theirs', async () => {
    const sample = async (perAgent: number) => {
      const res = await admin.post('/api/v1/cs/quality-reviews/sample', {
        rubric_id: rubric.id,
        from: today,
        to: today,
        per_agent: perAgent,
      });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ sampled: number; by_agent: { agent_id: number; sampled: number }[] }>(res).data;
    };
    const ours = (s: { by_agent: { agent_id: number; sampled: number }[] }) =>
      Object.fromEntries(
        s.by_agent.filter((a) => agents.some((g) => g.id === a.agent_id)).map((a) => [a.agent_id, a.sampled]),
      );
    const [a0, a1] = agents as [{ id: number; name: string }, { id: number; name: string }];
    expect(ours(await sample(2))).toEqual({ [a0.id]: 2, [a1.id]: 1 });
    // Two per agent are there already: nothing more; three tops agent 0 up by one.
    expect(ours(await sample(2))).toEqual({});
    expect(ours(await sample(3))).toEqual({ [a0.id]: 1 });

    const listOf = async (query: string) =>
      body<{ list: CsReview[]; total: number }>(await admin.get(`/api/v1/cs/quality-reviews?${query}`)).data;
    const pending = await listOf(`rubric_id=${rubric.id}&status=pending&page_size=100`);
    expect(pending.total).toBe(4);
    const first = pending.list.find((r) => r.agent_id === a0.id)!;
    const only = pending.list.find((r) => r.agent_id === a1.id)!;
    expect(first).toMatchObject({ status: 'pending', percent: null, items: rubric.items });

    // Bad scores: one missing, one past its item's maximum, a stale version — nothing changes.
    const put = (review: CsReview, scores: number[], version = review.version) =>
      admin.put(`/api/v1/cs/quality-reviews/${review.id}`, { scores, comment: 'ok', version });
    expect(body(await put(first, [10])).code).toBe(400001);
    const over = body<{ fields: Record<string, string> }>(await put(first, [11, 30]));
    expect(over.data.fields).toHaveProperty('scores.0');
    expect(body(await put(first, [10, 30], 9)).code).toBe(409001);
    expect((await listOf(`rubric_id=${rubric.id}&status=scored`)).total).toBe(0);

    const scored = await put(first, [10, 20]);
    expect(scored.statusCode, scored.body).toBe(200);
    expect(body<CsReview>(scored).data).toMatchObject({
      status: 'scored',
      percent: 75,
      reviewer_name: 'admin',
    });
    expect((await put(only, [5, 15])).statusCode).toBe(200);

    const summary = body<CsQualitySummary>(
      await admin.get(`/api/v1/cs/quality-reviews/summary?${window()}&rubric_id=${rubric.id}`),
    ).data;
    expect(summary.rows.find((r) => r.key === String(a0.id))).toMatchObject({
      label: a0.name,
      reviews: 3,
      scored: 1,
      average: 75,
    });
    expect(summary.rows.find((r) => r.key === String(a1.id))).toMatchObject({
      reviews: 1,
      scored: 1,
      average: 50,
    });
    expect(summary.total).toMatchObject({ reviews: 4, scored: 2, average: 62.5 });

    // Items are fixed once a review is scored; the name may still change.
    const frozen = await admin.put(`/api/v1/cs/quality-rubrics/${rubric.id}`, {
      items: [{ label: 'Only', max: 5 }],
      version: rubric.version,
    });
    expect(body<{ fields: Record<string, string> }>(frozen).data.fields).toHaveProperty('items');

    // The agent sees their own scored reviews (with the workbench permission), nobody else's,
    // and not the team's list.
    const me = await t.signIn(a0.name, 'xianxia');
    const mine = body<CsMyQuality>(await me.get('/api/v1/cs/quality-reviews/mine')).data;
    expect(mine.list.map((r) => [r.id, r.percent])).toEqual([[first.id, 75]]);
    expect(mine.average).toBe(75);
    expect(body(await me.get('/api/v1/cs/quality-reviews')).code).toBe(403001);
    expect(
      body(await me.put(`/api/v1/cs/quality-reviews/${only.id}`, { scores: [0, 0], version: 2 })).code,
    ).toBe(403001);
  });

  it('lets an agent read only their own scores and keeps the pages to their permissions', async () => {
    const p = csQualityAccess.permissions;
    const nobody = await t.staff([]);
    expect(body(await nobody.get('/api/v1/cs/quality-reviews')).code).toBe(403001);
    expect(body(await nobody.get('/api/v1/cs/quality-rubrics')).code).toBe(403001);
    const viewer = await t.staff([p.see]);
    expect(body(await viewer.get('/api/v1/cs/quality-reviews')).code).toBe(0);
    expect(
      body(
        await viewer.post('/api/v1/cs/quality-rubrics', { name: `v${tag}`, items: [{ label: 'a', max: 1 }] }),
      ).code,
    ).toBe(403001);
    const agent = await t.signIn('cs_agent', 'xianxia');
    const mine = body<CsMyQuality>(await agent.get('/api/v1/cs/quality-reviews/mine'));
    expect(mine.code).toBe(0);
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'cs_agent'));
    expect(mine.data.list.every((r) => r.agent_id === me!.id)).toBe(true);
    const other = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    const theirs = body<{ list: CsReview[] }>(
      await other.get('/api/v1/cs/quality-reviews?page_size=100'),
    ).data;
    expect(theirs.list.some((r) => r.rubric_id === rubric.id)).toBe(false);
    expect(
      body(
        await other.post('/api/v1/cs/quality-reviews/sample', {
          rubric_id: rubric.id,
          from: today,
          to: today,
          per_agent: 1,
        }),
      ).code,
    ).toBe(400001);
  });
});
