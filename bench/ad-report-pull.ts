// Ad report pull (apps/server/src/modules/ads/reports.ts, issue 31's figures): 90 days × 50 advertiser
// accounts pulled through the API's "pull now" job, run by the server's job workers (each account's
// days fetched, then replaced in one transaction by `replacePulledDays`), first from the built-in fake
// medium, then from the real Ocean Engine adapter over its local stand-in (another game of the same
// CP, the stand-in's agent granting 50 advertisers). Prints the time to done, days stored per second,
// /healthz p50/p99/worst while it runs against its baseline in the same run, and whether every stored
// day equals the medium's figures.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server.
// Usage: npx tsx bench/ad-report-pull.ts   (BENCH_AD_ACCOUNTS: 50, BENCH_AD_DAYS: 90)
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/index.ts';
import { fakeMedia } from '../apps/server/src/modules/ads/media/fake.ts';
import { OCEAN_BASE } from '../apps/server/src/modules/ads/media/oceanengine.ts';
import { addDays } from '../apps/server/src/modules/ads/reports.ts';
import { adAccounts, adReportDays } from '../apps/server/src/modules/ads/tables.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { reportFigures, startOceanEngine } from '../apps/server/test/stand-ins/ad-media.ts';
import { BENCH_SECRETS, machine, percentile, signIn, withBenchDatabase } from './support.ts';

const ACCOUNTS = Number(process.env.BENCH_AD_ACCOUNTS ?? 50);
const DAYS = Number(process.env.BENCH_AD_DAYS ?? 90);
const MEDIA = 'jrtt';
const TO = '2026-09-30';
const FROM = addDays(TO, -(DAYS - 1));

interface Answer<T> {
  code: number;
  msg?: string;
  data: T;
}
interface Job {
  status: string;
  summary: Record<string, unknown> | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}
type Figures = { cost: number; impressions: number; clicks: number; conversions: number };

async function run(label: string, database: Database) {
  await seed(database.db, { demo: true, jwtSecret: BENCH_SECRETS.JWT_SECRET, demoPlayers: 0 });
  const ocean = await startOceanEngine({ advertisers: ACCOUNTS });
  const app = await buildApp({
    database,
    ssoSecret: BENCH_SECRETS.SSO_SECRET,
    jwtSecret: BENCH_SECRETS.JWT_SECRET,
    logLevel: 'warn',
    outside: { unset: 'fake', endpoints: { [OCEAN_BASE]: `${ocean.url}/open_api` } },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const token = await signIn(base);
    const auth = { authorization: `Bearer ${token}` };
    const games = (await (
      await fetch(`${base}/api/v1/products?page_size=100`, { headers: auth })
    ).json()) as Answer<{ list: { id: number; code: string }[] }>;
    const client = (code: string) => {
      const game = games.data.list.find((p) => p.code === code)!;
      const api = async <T>(method: string, url: string, body?: unknown): Promise<Answer<T>> => {
        const res = await fetch(base + url, {
          method,
          headers: {
            ...auth,
            'x-product-id': String(game.id),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return (await res.json()) as Answer<T>;
      };
      return { game, api };
    };
    const authorize = async (api: ReturnType<typeof client>['api'], code: string) => {
      const start = await api<{ state: string }>('POST', `/api/v1/ad-accounts/authorize?media=${MEDIA}`);
      const done = await api('POST', `/api/v1/ad-accounts/authorize/callback?media=${MEDIA}`, {
        code,
        state: start.data.state,
      });
      if (done.code !== 0) throw new Error(`authorize: ${JSON.stringify(done)}`);
    };
    const advertisers = async (productId: number) =>
      database.db
        .select({ id: adAccounts.id, accountId: adAccounts.accountId })
        .from(adAccounts)
        .where(
          and(
            eq(adAccounts.productId, productId),
            eq(adAccounts.media, MEDIA),
            eq(adAccounts.role, 'advertiser'),
            eq(adAccounts.enabled, true),
          ),
        );

    const probe = async () => {
      const started = performance.now();
      await fetch(`${base}/healthz`).then((r) => r.text());
      return performance.now() - started;
    };
    const ms = (n: number) => `${n.toFixed(0)} ms`;

    /** Pulls the range through the API's job; prints the figures and checks every stored day. */
    const measure = async (
      title: string,
      { game, api }: ReturnType<typeof client>,
      expected: (accountId: string, day: string) => Figures,
    ) => {
      const accounts = await advertisers(game.id);
      const baseline: number[] = [];
      for (let i = 0; i < 50; i++) {
        baseline.push(await probe());
        await sleep(20);
      }
      let probing = true;
      const during: number[] = [];
      const probes = (async () => {
        while (probing) {
          during.push(await probe());
          await sleep(20);
        }
      })();
      const t0 = performance.now();
      const started = await api<{ job_id: number }>('POST', `/api/v1/ad-reports/pull?media=${MEDIA}`, {
        from: FROM,
        to: TO,
      });
      if (started.code !== 0) throw new Error(`pull: ${JSON.stringify(started)}`);
      let job: Job;
      for (;;) {
        job = (await api<Job>('GET', `/api/v1/jobs/${started.data.job_id}`)).data;
        if (!['queued', 'running', 'pending'].includes(job.status)) break;
        await sleep(100);
      }
      const elapsed = performance.now() - t0;
      probing = false;
      await probes;

      const stored = await database.db
        .select()
        .from(adReportDays)
        .where(and(eq(adReportDays.productId, game.id), eq(adReportDays.media, MEDIA)));
      const byId = new Map(accounts.map((a) => [a.id, a.accountId]));
      let wrong = 0;
      for (const row of stored) {
        const want = expected(byId.get(row.adAccountId) ?? '?', row.day);
        if (
          row.cost !== want.cost ||
          row.impressions !== want.impressions ||
          row.clicks !== want.clicks ||
          row.conversions !== want.conversions
        )
          wrong += 1;
      }
      const keys = new Set(stored.map((r) => `${r.adAccountId}|${r.day}`));
      const complete = keys.size === accounts.length * DAYS && stored.length === keys.size;
      baseline.sort((a, b) => a - b);
      during.sort((a, b) => a - b);
      console.log(`${title} (${machine()}): ${accounts.length} accounts × ${DAYS} days (${FROM}…${TO})`);
      console.log(
        `  job ${job.status} in ${(elapsed / 1000).toFixed(2)} s = ${(stored.length / (elapsed / 1000)).toFixed(0)} days/s ` +
          `(${stored.length} days stored; summary ${JSON.stringify(job.summary)})`,
      );
      const at = (s: string | null) => (s ? Date.parse(s) : NaN);
      console.log(
        `  of which queued ${ms(at(job.started_at) - at(job.created_at))}, run by the worker ` +
          `${ms(at(job.finished_at) - at(job.started_at))} = ${ms((at(job.finished_at) - at(job.started_at)) / accounts.length)} per account`,
      );
      console.log(
        `  /healthz baseline: p50 ${ms(percentile(baseline, 50))}, p99 ${ms(percentile(baseline, 99))}, worst ${ms(baseline.at(-1)!)}; ` +
          `during the pull: ${during.length} probes, p50 ${ms(percentile(during, 50))}, p99 ${ms(percentile(during, 99))}, worst ${ms(during.at(-1)!)}`,
      );
      console.log(
        `  stored figures equal the medium's: ${!wrong && complete ? 'yes' : 'NO'} ` +
          `(${wrong} differing, ${keys.size} distinct account-days of ${accounts.length * DAYS})`,
      );
    };

    // 1. The built-in fake: agents of three advertisers each until ACCOUNTS are granted.
    const fakeGame = client('xianxia');
    for (let agent = 1; (await advertisers(fakeGame.game.id)).length < ACCOUNTS; agent++)
      await authorize(fakeGame.api, `fake-agent-${800 + agent}`);
    // An agent's last advertisers beyond ACCOUNTS are switched off (the pull skips them).
    const granted = await advertisers(fakeGame.game.id);
    for (const extra of granted.slice(ACCOUNTS))
      await database.db.update(adAccounts).set({ enabled: false }).where(eq(adAccounts.id, extra.id));
    const fake = fakeMedia();
    await measure(`${label}, fake ${MEDIA}`, fakeGame, (id, day) => fake.figuresOf(id, day));

    // 2. The real Ocean Engine adapter over its stand-in, in another game.
    const realGame = client('tankwar');
    const parties = await realGame.api<{ party: string; version: number }[]>(
      'GET',
      '/api/v1/outside-parties',
    );
    const current = parties.data.find((p) => p.party === 'ad_jrtt')!;
    const set = await realGame.api('PUT', '/api/v1/outside-parties/ad_jrtt', {
      mode: 'real',
      settings: {
        app_id: ocean.appId,
        redirect_uri: 'https://console.example/main/newrxlaunch/jrtt/account-manage',
      },
      credentials: { app_secret: ocean.secret },
      version: current.version,
    });
    if (set.code !== 0) throw new Error(`party: ${JSON.stringify(set)}`);
    await authorize(realGame.api, 'good-code');
    await measure(`${label}, Ocean Engine adapter over its local stand-in`, realGame, (id, day) => {
      const f = reportFigures(id, day, 0);
      return { cost: f.costCents, impressions: f.impressions, clicks: f.clicks, conversions: f.conversions };
    });
    const reports = ocean.received.filter((r) => r.path === '/open_api/2/report/advertiser/get/').length;
    console.log(`  report calls to the stand-in: ${reports}`);
  } finally {
    await app.close();
    await ocean.close();
  }
}

await withBenchDatabase('ad-report-pull', run);
