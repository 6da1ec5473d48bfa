import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  adRulesResource,
  type AdAccount,
  type AdObject,
  type AdRule,
  type AdRuleObjectItem,
  type AdRuleOverview,
  type AdRuleRun,
} from '@rx/contracts';
import { authoriseFakeAgent, body, describeResource, useTestApp } from '../../../test/index.ts';
import { notifications } from '../../db/tables.ts';
import { REPORT_ZONE, fakeMedia } from '../ads/index.ts';

// Automated rules: a dry run records what it would do and changes nothing; a real run pauses the
// matching account's campaigns on the medium once, and within the cool-down leaves them alone even
// when they run again; a budget change by a percentage; a notification; bad rules refused.

describeResource(adRulesResource, {
  sample: (n) => ({
    name: `Rule ${n}`,
    media: 'jrtt',
    conditions: [{ metric: 'cost', op: 'gt', value: 1000 * n }],
    action: 'notify',
  }),
  change: { name: 'Renamed rule', cooldown_minutes: 120 },
  invalid: {
    body: { name: 'No conditions', media: 'jrtt', conditions: [], action: 'notify' },
    field: 'conditions',
  },
  // The conditions are one cell (`metric op value`, joined by `|`): edited there, they import back.
  roundTrip: { column: 'conditions', value: 'cost gt 5000|clicks gte 3' },
});

const t = useTestApp();
const admin = t.admin;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_ZONE }).format(new Date());

const authorise = (code: string) => authoriseFakeAgent(admin, code);
/** Today's reported figures of an account, as a report pull would store them. */
const spent = async (account: AdAccount, cost: number) => {
  await t.database.db.execute(
    sql`insert into ad_report_days (cp_id, product_id, media, ad_account_id, day, cost, impressions, clicks, conversions, pulled_at)
     select cp_id, product_id, media, id, ${today}, ${cost}, 10000, 200, 4, now() from ad_accounts where id = ${account.id}
     on conflict (ad_account_id, day) do update set cost = excluded.cost`,
  );
};
const objectsOf = async (account: AdAccount, level: string) =>
  body<{ list: AdObject[] }>(
    await admin.get(`/api/v1/ad-objects?media=jrtt&ad_account_id=${account.id}&level=${level}&page_size=50`),
  ).data.list;
const run = async (rule: AdRule, dryRun: boolean) => {
  const res = await admin.post(`/api/v1/ad-rules/${rule.id}/run`, { dry_run: dryRun });
  expect(res.statusCode, res.body).toBe(200);
  return body<AdRuleRun>(res).data;
};

describe('ad rules', () => {
  it('dry run changes nothing; a real run acts once per cool-down', async () => {
    const [costly, cheap] = await authorise('fake-agent-91');
    await spent(costly!, 500_000);
    await spent(cheap!, 1_000);
    const rule = body<AdRule>(
      await admin.post('/api/v1/ad-rules', {
        name: 'Pause costly accounts',
        media: 'jrtt',
        ad_account_ids: [costly!.id, cheap!.id],
        conditions: [
          { metric: 'cost', op: 'gt', value: 100_000 },
          { metric: 'ctr', op: 'gte', value: 100 },
        ],
        action: 'pause',
        level: 'campaign',
        cooldown_minutes: 60,
      }),
    ).data;

    const edits = fakeMedia().objectEdits;
    const dry = await run(rule, true);
    expect(dry).toMatchObject({ dry_run: true, accounts: 2, matched: 1, acted: 0 });
    expect(dry.actions.map((a) => a.outcome)).toEqual(['would', 'would']);
    expect(dry.actions.every((a) => a.account_id === costly!.account_id)).toBe(true);
    expect(fakeMedia().objectEdits).toBe(edits);
    expect((await objectsOf(costly!, 'campaign')).every((o) => o.status === 'active')).toBe(true);

    const real = await run(rule, false);
    expect(real).toMatchObject({ dry_run: false, matched: 1, acted: 2 });
    expect(fakeMedia().objectEdits).toBe(edits + 2);
    const campaigns = await objectsOf(costly!, 'campaign');
    expect(campaigns.every((o) => o.status === 'paused')).toBe(true);
    expect((await objectsOf(cheap!, 'campaign')).every((o) => o.status === 'active')).toBe(true);

    // Staff resume one; within the cool-down the rule leaves it alone.
    const one = campaigns[0]!;
    await admin.post(`/api/v1/ad-objects/${one.id}/action?media=jrtt`, {
      action: 'resume',
      version: one.version,
    });
    const again = await run(rule, false);
    expect(again.acted).toBe(0);
    expect(again.actions.map((a) => a.outcome)).toEqual(['cooling']);
    expect(fakeMedia().objectEdits).toBe(edits + 3);
    expect((await objectsOf(costly!, 'campaign')).find((o) => o.id === one.id)?.status).toBe('active');

    const runs = body<{ list: AdRuleRun[]; total: number }>(
      await admin.get(`/api/v1/ad-rules/${rule.id}/runs`),
    ).data;
    expect(runs.total).toBe(3);
    expect(runs.list.map((r) => r.dry_run)).toEqual([false, false, true]);

    // The hosted-delivery overview: the rule's accounts and campaigns, its acts and the budget its pauses took off.
    const overview = body<AdRuleOverview>(await admin.get('/api/v1/ad-rules/overview')).data;
    const pausedBudgets = campaigns.reduce((sum, o) => sum + (o.budget ?? 0), 0);
    expect(overview.rules.find((r) => r.id === rule.id)).toMatchObject({
      accounts: 2,
      objects: 4,
      acted_7d: 2,
      failed_7d: 0,
      savings_7d: pausedBudgets,
    });
    expect(overview.recent.filter((a) => a.rule_id === rule.id).map((a) => a.outcome)).toEqual([
      'done',
      'done',
    ]);
    const under = body<{ list: AdRuleObjectItem[]; total: number }>(
      await admin.get(`/api/v1/ad-rules/${rule.id}/objects`),
    ).data;
    expect(under.total).toBe(4);
    // The one staff resumed was left alone (cooling), the other stays paused (done).
    const outcomes = under.list.filter((o) => o.account_id === costly!.account_id).map((o) => o.last_outcome);
    expect(outcomes.sort()).toEqual(['cooling', 'done']);
    expect(
      under.list.filter((o) => o.account_id === cheap!.account_id).every((o) => o.last_outcome === null),
    ).toBe(true);
  });

  it('changes budgets by a percentage and notifies the owner', async () => {
    const [account] = await authorise('fake-agent-92');
    await spent(account!, 300_000);
    const budget = body<AdRule>(
      await admin.post('/api/v1/ad-rules', {
        name: 'Raise ad group budgets',
        media: 'jrtt',
        ad_account_ids: [account!.id],
        conditions: [{ metric: 'conversions', op: 'gte', value: 1 }],
        action: 'budget',
        level: 'adgroup',
        change_percent: 20,
      }),
    ).data;
    await run(budget, false);
    expect((await objectsOf(account!, 'adgroup')).map((o) => o.budget)).toEqual([48_000, 48_000]);

    const before = await t.rowCount(notifications);
    const alert = body<AdRule>(
      await admin.post('/api/v1/ad-rules', {
        name: 'Tell me',
        media: 'jrtt',
        ad_account_ids: [account!.id],
        conditions: [{ metric: 'cost', op: 'gt', value: 1 }],
        action: 'notify',
      }),
    ).data;
    expect((await run(alert, false)).actions.map((a) => a.outcome)).toEqual(['notified']);
    expect(await t.rowCount(notifications)).toBe(before + 1);
    // Within the cool-down, no second notification.
    expect((await run(alert, false)).actions.map((a) => a.outcome)).toEqual(['cooling']);
    expect(await t.rowCount(notifications)).toBe(before + 1);
  });

  it('refuses bad rules and callers without the permission', async () => {
    const noPercent = await admin.post('/api/v1/ad-rules', {
      name: 'x',
      media: 'jrtt',
      conditions: [{ metric: 'cost', op: 'gt', value: 1 }],
      action: 'budget',
    });
    expect(body(noPercent)).toMatchObject({
      code: 400001,
      data: { fields: { change_percent: expect.any(String) } },
    });
    const bidOnCampaign = await admin.post('/api/v1/ad-rules', {
      name: 'x',
      media: 'jrtt',
      conditions: [{ metric: 'cost', op: 'gt', value: 1 }],
      action: 'bid',
      level: 'campaign',
      change_percent: 10,
    });
    expect(body(bidOnCampaign)).toMatchObject({
      code: 400001,
      data: { fields: { level: expect.any(String) } },
    });
    const unknown = await admin.post('/api/v1/ad-rules', {
      name: 'x',
      media: 'jrtt',
      ad_account_ids: [999_999],
      conditions: [{ metric: 'cost', op: 'gt', value: 1 }],
      action: 'notify',
    });
    expect(body(unknown)).toMatchObject({
      code: 400001,
      data: { fields: { ad_account_ids: expect.any(String) } },
    });
    const rule = body<AdRule>(
      await admin.post('/api/v1/ad-rules', {
        name: 'Viewer test',
        media: 'jrtt',
        conditions: [{ metric: 'cost', op: 'gt', value: 1 }],
        action: 'notify',
      }),
    ).data;
    // The overview has its own page and permission.
    const overviewer = await t.staff(['launch/see/ai_trustship']);
    expect(body(await overviewer.get('/api/v1/ad-rules/overview')).code).toBe(0);
    expect(body(await overviewer.get(`/api/v1/ad-rules/${rule.id}/objects`)).code).toBe(0);
    expect(body(await overviewer.get(`/api/v1/ad-rules/${rule.id}/runs`)).code).toBe(403001);
    const viewer = await t.staff(['launch/see/trustship_rule']);
    expect(body(await viewer.get('/api/v1/ad-rules/overview')).code).toBe(403001);
    expect(body(await viewer.get(`/api/v1/ad-rules/${rule.id}/runs`)).code).toBe(0);
    expect(body(await viewer.post(`/api/v1/ad-rules/${rule.id}/run`, { dry_run: true })).code).toBe(403001);
    const hw = await t.signIn('ops_hw');
    expect(body(await hw.post(`/api/v1/ad-rules/${rule.id}/run`, { dry_run: true })).code).not.toBe(0);
  });
  it("lists the medium's advertisers a rule can watch, with the rule page's permission", async () => {
    await authorise('fake-agent-77');
    type Choices = { list: { id: number; account_id: string }[] };
    const viewer = await t.staff(['launch/see/trustship_rule']);
    const answer = body<Choices>(await viewer.get('/api/v1/ad-rules/accounts?media=jrtt'));
    expect(answer.code).toBe(0);
    const ids = answer.data.list.map((a) => a.account_id);
    expect(ids).toEqual(expect.arrayContaining(['jrtt-agent-77-1', 'jrtt-agent-77-2', 'jrtt-agent-77-3']));
    // Advertisers only (not the agent), of this medium only.
    expect(ids).not.toContain('jrtt-agent-77');
    expect(ids.every((id) => id.startsWith('jrtt-'))).toBe(true);
    expect(body(await viewer.get('/api/v1/ad-rules/accounts?media=nope')).code).toBe(400001);
    const other = await t.staff(['launch/see/material']);
    expect(body(await other.get('/api/v1/ad-rules/accounts?media=jrtt')).code).toBe(403001);
  });
});
