// Short-link redirects (`GET /s/:code`, apps/server/src/modules/share/tracking.ts) with the built
// server in its own process and the load (autocannon) from this one, beside /healthz in the same
// run: redirects per second, p50/p99, their share of /healthz's rate (which holds still on a busy
// machine where req/s do not), the server's CPU per answer (and the embedded database's), and that
// every redirect answered was recorded: the link's click counter and its click rows (read back
// through the console's API once the load has stopped) both equal the 302s autocannon counted.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server.
// Usage: node apps/server/build.mjs && npx tsx bench/short-links.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=10)
import autocannon from 'autocannon';
import type { ShareLink, ShareLinkStats } from '@rx/contracts';
import { cpuTicks } from './cpu.mjs';
import { benchTarget, machine, signIn, startServer } from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Result = autocannon.Result & { cpu: { server: number; database: number } };

/** autocannon's result, with the CPU (ms) the server and its child processes spent meanwhile. */
async function load(url: string, pid: number): Promise<Result> {
  const before = cpuTicks(pid);
  const result = await autocannon({ url, duration: SECONDS, connections: CONNECTIONS });
  const after = cpuTicks(pid);
  return {
    ...result,
    cpu: { server: 10 * (after.own - before.own), database: 10 * (after.children - before.children) },
  };
}

async function api<T>(base: string, token: string, productId: number, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-product-id': String(productId),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; data: T; msg: string };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

const target = await benchTarget('short-links');
try {
  const { child, base } = await startServer(
    {
      ...target.env,
      DEMO_PLAYERS: '2000',
      // The console's calls below stay far within their limit; `/s/` has none.
      RATE_LIMIT_CONSOLE: '1000000000',
    },
    { waitSeconds: 600 },
  );
  try {
    const token = await signIn(base);
    const games = await api<{ list: { id: number; code: string }[] }>(
      base,
      token,
      0,
      '/api/v1/products?page_size=100',
    );
    const game = games.list.find((p) => p.code === 'xianxia')!;
    const link = await api<ShareLink>(base, token, game.id, '/api/v1/share-links?platform=wechat', {
      name: 'bench',
      target_url: 'https://example.com/game',
      fallback_url: 'https://example.com/desktop',
    });
    const healthz = await load(`${base}/healthz`, child.pid!);
    const redirects = await load(`${base}/s/${link.code}?sharer=bench`, child.pid!);

    // The clicks recorded: the link's counter and its click rows (by device, per day), once the
    // server has finished the requests still in flight when autocannon stopped (it stops reading
    // answers at its deadline: those are sent and answered, but not in its 302 count).
    const counter = () =>
      api<ShareLink>(base, token, game.id, `/api/v1/share-links/${link.id}?platform=wechat`);
    let after = await counter();
    for (let before = -1; before !== after.clicks;) {
      before = after.clicks;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      after = await counter();
    }
    const stats = await api<ShareLinkStats>(
      base,
      token,
      game.id,
      `/api/v1/share-links/${link.id}/stats?platform=wechat`,
    );
    const rows = stats.totals.ios + stats.totals.android + stats.totals.desktop;
    const answered = redirects['3xx'];
    const line = (name: string, r: Result) => {
      const cpu = `CPU/answer ${((1000 * r.cpu.server) / r.requests.total).toFixed(0)} µs server${
        target.label === 'DATABASE_URL'
          ? ''
          : `, ${((1000 * r.cpu.database) / r.requests.total).toFixed(0)} µs database`
      }`;
      return `  ${name.padEnd(14)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   errors ${r.errors + r.timeouts}   ${cpu}`;
    };
    console.log(
      `Short links, ${target.label} (${machine()}), ${CONNECTIONS} connections, ${SECONDS} s each:`,
    );
    console.log(line('/healthz', healthz));
    console.log(
      `${line('/s/:code', redirects)}   ${((100 * redirects.requests.average) / healthz.requests.average).toFixed(1)}% of /healthz`,
    );
    const sent = redirects.requests.sent;
    const recorded = after.clicks === rows && after.clicks === sent;
    console.log(
      `  redirects sent ${sent}, answered (302) within the run ${answered}, other answers ` +
        `${redirects.requests.total - answered}; recorded: link counter ${after.clicks}, click rows ` +
        `${rows} (${recorded ? 'every redirect sent recorded once' : 'WRONG'})`,
    );
    if (!recorded || redirects.requests.total !== answered) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
} finally {
  await target.drop();
}
