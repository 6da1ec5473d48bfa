// What the benchmarks share: the console's server in its own process, signing in as the demo admin
// the way the console does, and percentiles.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The secrets the benchmarks' servers run with (a database seeded beforehand must use the same). */
export const BENCH_SECRETS = { SSO_SECRET: 'bench-sso', JWT_SECRET: 'bench-jwt' };

/**
 * Starts the console's server in its own process (the build, or with `source` the TypeScript
 * through tsx) with demo data on a random port, and waits until it answers /readyz: a first start
 * migrates and seeds, slow on a busy machine. `env` adds to or overrides the defaults.
 */
export async function startServer(
  env: Record<string, string>,
  options: { source?: boolean; waitSeconds?: number } = {},
): Promise<{ child: ChildProcess; base: string }> {
  const port = 3700 + Math.floor(Math.random() * 290);
  const args = options.source
    ? ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]
    : [path.join(root, 'apps/server/dist/server.js')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...BENCH_SECRETS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const tries = (options.waitSeconds ?? 120) * 10;
  for (let i = 0; i < tries && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base };
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error(
    child.exitCode === null ? 'the server did not start' : `the server ended (${child.exitCode})`,
  );
}

/** Signs in as the demo admin (password, then the platform link) and answers the access token. */
export async function signIn(base: string): Promise<string> {
  const post = async (url: string, body: unknown) =>
    (
      await fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const login = await post('/api/v1/users/login', { username: 'admin', password: 'Demo@12345' });
  const link = await (
    await fetch(`${base}/api/v1/acs/user/platform_link`, {
      headers: { authorization: `Bearer ${login.data.token}` },
    })
  ).json();
  const q = Object.fromEntries(new URL(link.data.url, base).searchParams);
  const info = await post('/api/v1/acs/user/login', {
    ...q,
    is_modified_password: Number(q.is_modified_password),
    ts: Number(q.ts),
  });
  return info.data.access_token;
}

/** The p-th percentile of sorted figures. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
