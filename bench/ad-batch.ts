// Batch ad creation (apps/server/src/modules/ads, issue 31's figures): a 1,000-ad batch (10 advertiser
// accounts × 10 titles × 10 materials) through the API against the built-in fake medium with 5% of
// the creates failing — half refused before the medium makes the ad, half made by the medium with
// the answer lost (a timeout) — its task run to completion by the server's job workers, then the
// failed ads retried. Prints the time to the drafts answer and to the batch made, the time to done,
// ads per second, the worst /healthz while it runs against its baseline in the same run, and whether
// each ad was created exactly once on the medium.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server.
// Usage: npx tsx bench/ad-batch.ts   (BENCH_AD_ACCOUNTS, BENCH_AD_TITLES, BENCH_AD_MATERIALS: 10 each)
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/index.ts';
import { OutsideError } from '../apps/server/src/lib/outside/index.ts';
import { fakeMedia } from '../apps/server/src/modules/ads/media/fake.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { BENCH_SECRETS, machine, percentile, signIn, withBenchDatabase } from './support.ts';

const ACCOUNTS = Number(process.env.BENCH_AD_ACCOUNTS ?? 10);
const TITLES = Number(process.env.BENCH_AD_TITLES ?? 10);
const MATERIALS = Number(process.env.BENCH_AD_MATERIALS ?? 10);
const MEDIA = 'jrtt';

interface Answer<T> {
  code: number;
  msg?: string;
  data: T;
}
interface Batch {
  id: number;
  status: string;
  total: number;
  ok: number;
  failed: number;
  job_id: number | null;
}

/** Whether the fake fails this ad's first attempt (1 in 20 of the request ids), and how. */
function injected(requestId: string): 'refused' | 'answer_lost' | null {
  const n = createHash('sha256').update(requestId).digest().readUInt32BE(0) % 40;
  return n === 0 ? 'refused' : n === 1 ? 'answer_lost' : null;
}

async function run(label: string, database: Database) {
  await seed(database.db, { demo: true, jwtSecret: BENCH_SECRETS.JWT_SECRET, demoPlayers: 0 });
  const app = await buildApp({
    database,
    ssoSecret: BENCH_SECRETS.SSO_SECRET,
    jwtSecret: BENCH_SECRETS.JWT_SECRET,
    logLevel: 'warn',
    // The media's built-in fake (the demo's choice for a game that made none).
    outside: { unset: 'fake' },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const token = await signIn(base);
    const auth = { authorization: `Bearer ${token}` };
    const games = (await (
      await fetch(`${base}/api/v1/products?page_size=100`, { headers: auth })
    ).json()) as Answer<{
      list: { id: number; code: string }[];
    }>;
    const game = games.data.list.find((p) => p.code === 'xianxia')!;
    const headers = { ...auth, 'x-product-id': String(game.id), 'content-type': 'application/json' };
    const api = async <T>(method: string, url: string, body?: unknown): Promise<Answer<T>> => {
      const res = await fetch(base + url, {
        method,
        headers: body === undefined ? { ...auth, 'x-product-id': String(game.id) } : headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as Answer<T>;
    };

    // Advertisers: each fake agent grants three.
    const accounts: number[] = [];
    for (let agent = 1; accounts.length < ACCOUNTS; agent++) {
      const start = await api<{ state: string }>('POST', `/api/v1/ad-accounts/authorize?media=${MEDIA}`);
      await api('POST', `/api/v1/ad-accounts/authorize/callback?media=${MEDIA}`, {
        code: `fake-agent-${900 + agent}`,
        state: start.data.state,
      });
      const list = await api<{ list: { id: number; role: string }[] }>(
        'GET',
        `/api/v1/ad-accounts?media=${MEDIA}&q=${MEDIA}-agent-${900 + agent}-&page_size=100`,
      );
      for (const a of list.data.list)
        if (a.role === 'advertiser' && accounts.length < ACCOUNTS) accounts.push(a.id);
    }
    const payload = {
      name: `bench ${ACCOUNTS * TITLES * MATERIALS} ads`,
      ad_account_ids: accounts,
      titles: Array.from({ length: TITLES }, (_, i) => `仙侠新服今日开启 第${i + 1}版`),
      materials: Array.from({ length: MATERIALS }, (_, i) => `https://cdn.example.com/bench/${i + 1}.jpg`),
      layout: 'single_image',
      budget: 50_000,
      bid: 120,
    };

    // The fake fails 5% of the first attempts; a retry of the same request id goes through.
    const fake = fakeMedia();
    const create = fake.createAd.bind(fake);
    const tried = new Set<string>();
    let refused = 0;
    let lost = 0;
    fake.createAd = async (media, ad, token2, signal) => {
      const first = !tried.has(ad.requestId);
      tried.add(ad.requestId);
      const failure = first ? injected(ad.requestId) : null;
      if (failure === 'refused') {
        refused += 1;
        throw new OutsideError('refused', `${media}: creative refused (bench injection)`, { status: 200 });
      }
      const made = await create(media, ad, token2, signal);
      if (failure === 'answer_lost') {
        lost += 1;
        throw new OutsideError('timeout', `${media} create_ad: no answer in time (bench injection)`);
      }
      return made;
    };

    // /healthz: a baseline before, then probes all through the run.
    const probe = async () => {
      const started = performance.now();
      await fetch(`${base}/healthz`).then((r) => r.text());
      return performance.now() - started;
    };
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

    const madeBefore = fake.adsMade;
    const t0 = performance.now();
    const drafts = await api<{ total: number; failing: number }>(
      'POST',
      `/api/v1/ad-batches/drafts?media=${MEDIA}`,
      payload,
    );
    const tDrafts = performance.now() - t0;
    if (drafts.code !== 0 || drafts.data.failing) throw new Error(`drafts: ${JSON.stringify(drafts)}`);
    const made = await api<Batch>('POST', `/api/v1/ad-batches?media=${MEDIA}`, payload);
    if (made.code !== 0) throw new Error(`create: ${JSON.stringify(made)}`);
    const tMade = performance.now() - t0;
    const until = async (id: number) => {
      for (;;) {
        const b = (await api<Batch>('GET', `/api/v1/ad-batch-tasks/${id}`)).data;
        if (b.status !== 'running' && b.status !== 'queued' && b.status !== 'pending') return b;
        await sleep(200);
      }
    };
    const first = await until(made.data.id);
    const tDone = performance.now() - t0;
    const t1 = performance.now();
    const retry = await api<Batch>('POST', `/api/v1/ad-batch-tasks/${made.data.id}/retry`);
    const second = retry.code === 0 ? await until(made.data.id) : first;
    const tRetry = performance.now() - t1;
    probing = false;
    await probes;

    const ads = await api<{
      list: { status: string; creative_id: string; request_id: string }[];
      total: number;
    }>('GET', `/api/v1/ad-batch-tasks/${made.data.id}/ads?page_size=100`);
    // Every ad of the batch, read page by page.
    const all: { status: string; creative_id: string; request_id: string }[] = [];
    for (let page = 1; all.length < ads.data.total; page++) {
      const p = await api<{ list: typeof all }>(
        'GET',
        `/api/v1/ad-batch-tasks/${made.data.id}/ads?page_size=100&page=${page}`,
      );
      if (!p.data.list.length) break;
      all.push(...p.data.list);
    }
    const creatives = new Set(all.filter((a) => a.status === 'ok').map((a) => a.creative_id));
    const onMedium = fake.adsMade - madeBefore;
    const once =
      second.ok === second.total &&
      onMedium === second.total &&
      creatives.size === second.total &&
      all.every((a) => fake.ads.get(a.request_id)?.creativeId === a.creative_id);
    baseline.sort((a, b) => a - b);
    during.sort((a, b) => a - b);
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    console.log(
      `${label} (${machine()}): batch of ${made.data.total} ads, ${ACCOUNTS} accounts, fake ${MEDIA}`,
    );
    console.log(
      `  drafts checked in ${ms(tDrafts)}; batch made (drafts saved, task queued) ${ms(tMade)} after the start`,
    );
    console.log(
      `  first run: ${first.status} — ${first.ok} ok, ${first.failed} failed (injected: ${refused} refused, ` +
        `${lost} answers lost) in ${(tDone / 1000).toFixed(1)} s = ${((first.ok + first.failed) / ((tDone - tMade) / 1000)).toFixed(0)} ads/s`,
    );
    console.log(
      `  retry of the failed: ${second.status} — ${second.ok} ok, ${second.failed} failed in ${(tRetry / 1000).toFixed(1)} s`,
    );
    console.log(
      `  /healthz baseline: median ${ms(percentile(baseline, 50))}, max ${ms(baseline.at(-1)!)}; during the run: ` +
        `${during.length} probes, median ${ms(percentile(during, 50))}, p95 ${ms(percentile(during, 95))}, max ${ms(during.at(-1)!)}`,
    );
    console.log(
      `  created exactly once: ${once ? 'yes' : 'NO'} (${onMedium} ads made on the medium, ` +
        `${creatives.size} distinct creatives, ${all.length} ads read back)`,
    );
  } finally {
    await app.close();
  }
}

await withBenchDatabase('ad-batch', run);
