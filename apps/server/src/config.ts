import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { savedSecrets } from './secrets.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './lib/rate-limit.ts';
import { DEFAULT_PLAYER_RETENTION, type PlayerRetention } from './modules/players/index.ts';
import type { S3Options } from './modules/files/index.ts';
import { DEFAULT_JOB_RETENTION_DAYS } from './modules/jobs/index.ts';
import { DEFAULT_CALL_RETENTION_DAYS, PUBLIC_DEMO_PAY_SECRET } from './modules/outside-parties/index.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** REDIS_PREFIX: this deployment's Redis keys and channel; unset, derived from the database. */
  redisPrefix?: string;
  ssoSecret: string;
  jwtSecret: string;
  /** Seals outside parties' credentials and tokens at rest (CREDENTIALS_SECRET). */
  credentialsSecret: string;
  demo: boolean;
  /** DEMO_PLAYERS: the domestic demo game's players (the others get a tenth each); 200,000 by default. */
  demoPlayers: number;
  adminPassword?: string;
  /** Access-token lifetime in seconds. */
  accessTtl: number;
  /** Refresh-token and sign-in-session lifetime in seconds. */
  refreshTtl: number;
  /** The built console (apps/web/dist); absent means the API only. */
  webDist?: string;
  /** Address of the big-data platform (platform list, menu entry); unset: the console says it is not set up. */
  biUrl?: string;
  /** Address of the customer-service workbench the menu links to; unset: likewise. */
  serviceWorkbenchUrl?: string;
  logLevel: string;
  /** Whose X-Forwarded-For to believe: see `parseTrustProxy`. */
  trustProxy: TrustProxy;
  /** When set, /metrics asks for `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** When set, /metrics is served on this port only. */
  metricsPort?: number;
  /** S3-compatible storage for uploads (S3_*): see `s3From`. */
  s3?: S3Config;
  /** Requests per window (RATE_LIMIT_*): see `rateLimitsFrom`. */
  rateLimits: RateLimits;
  /** How long player data is kept (PLAYER_LOGIN_RETENTION_DAYS, PLAYER_EVENT_ID_RETENTION_DAYS). */
  playerRetention: PlayerRetention;
  /** Days finished jobs and their items are kept (JOB_RETENTION_DAYS). */
  jobRetentionDays: number;
  /** Days the outside parties' call log is kept (OUTSIDE_CALL_RETENTION_DAYS). */
  outsideCallRetentionDays: number;
  /** What the fake payment provider's notices are checked with: see `fakePaySecret`. */
  fakePaySecret: string;
  /** Start-up warnings to say loudly (the demo reachable from the network, a public secret refused). */
  warnings: string[];
}

/** The secrets of DATA_DIR/secrets.json: each from its variable, else generated there once. */
const SECRETS = { sso: 'SSO_SECRET', jwt: 'JWT_SECRET', credentials: 'CREDENTIALS_SECRET' } as const;
type SecretName = keyof typeof SECRETS;

/** Each secret from its variable, else from DATA_DIR/secrets.json (generated there once). */
function secrets(dataDir: string, env: NodeJS.ProcessEnv): Record<SecretName, string> {
  const names = Object.keys(SECRETS) as SecretName[];
  const given = (name: SecretName) => env[SECRETS[name]] || undefined;
  const missing = names.filter((name) => !given(name));
  const saved = missing.length ? savedSecrets(dataDir, missing) : ({} as Partial<Record<SecretName, string>>);
  return Object.fromEntries(names.map((n) => [n, given(n) ?? saved[n]!])) as Record<SecretName, string>;
}

/** Whether HOST only listens on this machine (a loopback address or `localhost`). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * The fake payment provider's secret, and what to warn of. Its demo secret is public (the demo and
 * the browser tests sign notices with it): it is accepted only with demo data on a loopback
 * address, where nobody else reaches the server. Elsewhere FAKEPAY_SECRET names one (never the
 * public one), or a random secret nobody knows is used, so nobody can mark an order paid.
 */
export function fakePaySecret(
  env: NodeJS.ProcessEnv,
  demo: boolean,
  host: string,
): { secret: string; warnings: string[] } {
  const local = isLoopbackHost(host);
  const warnings: string[] = [];
  if (demo && !local)
    warnings.push(
      `DEMO DATA ON A NETWORK ADDRESS (HOST=${host}): anyone who reaches this server can sign in with the ` +
        'public demo passwords. Run the demo with HOST=127.0.0.1, or DEMO=0 for real use. The public demo ' +
        'payment secret is refused here.',
    );
  const given = env.FAKEPAY_SECRET || undefined;
  if (given && given !== PUBLIC_DEMO_PAY_SECRET) return { secret: given, warnings };
  if (demo && local) return { secret: PUBLIC_DEMO_PAY_SECRET, warnings };
  if (given)
    warnings.push('FAKEPAY_SECRET is the public demo secret: refused outside a demo on a loopback address.');
  return { secret: randomBytes(32).toString('hex'), warnings };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  const keys = secrets(dataDir, env);
  const host = env.HOST ?? '0.0.0.0';
  // Demo data is on by default with the embedded database only.
  const demo = env.DEMO !== undefined ? env.DEMO !== '0' && env.DEMO !== 'false' : !databaseUrl;
  const pay = fakePaySecret(env, demo, host);
  return {
    port: Number(env.PORT ?? 3000),
    host,
    dataDir,
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || undefined,
    ssoSecret: keys.sso,
    jwtSecret: keys.jwt,
    credentialsSecret: keys.credentials,
    demo,
    demoPlayers: env.DEMO_PLAYERS !== undefined ? Math.max(0, Number(env.DEMO_PLAYERS) || 0) : 200_000,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    accessTtl: Number(env.ACCESS_TTL ?? 900),
    refreshTtl: Number(env.REFRESH_TTL ?? 7 * 24 * 3600),
    webDist: env.WEB_DIST,
    biUrl: env.BI_URL || undefined,
    serviceWorkbenchUrl: env.SERVICE_WORKBENCH_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined,
    s3: s3From(env),
    rateLimits: rateLimitsFrom(env),
    playerRetention: {
      loginDays: positive(env, 'PLAYER_LOGIN_RETENTION_DAYS', DEFAULT_PLAYER_RETENTION.loginDays),
      eventIdDays: positive(env, 'PLAYER_EVENT_ID_RETENTION_DAYS', DEFAULT_PLAYER_RETENTION.eventIdDays),
    },
    jobRetentionDays: positive(env, 'JOB_RETENTION_DAYS', DEFAULT_JOB_RETENTION_DAYS),
    outsideCallRetentionDays: positive(env, 'OUTSIDE_CALL_RETENTION_DAYS', DEFAULT_CALL_RETENTION_DAYS),
    fakePaySecret: pay.secret,
    warnings: pay.warnings,
  };
}

// --- Rate limits (lib/rate-limit.ts): per window, in memory or in Redis with REDIS_URL ---

/** A positive whole number from the environment, else the default (a typo must not lift a limit). */
function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new Error(`${name}: a whole number above 0, not "${text}"`);
  return Number(text);
}

/**
 * RATE_LIMIT_WINDOW seconds (60) per window: RATE_LIMIT_CONSOLE requests per signed-in staff member
 * (or per address before sign-in) on /api/v1 (1200: a busy console page asks a few dozen times);
 * RATE_LIMIT_SIGN_IN sign-in requests per address (60: an office behind one address signing in at
 * nine); RATE_LIMIT_GAME requests per game key on /api/game/v1 (30000: 500 a second); and
 * RATE_LIMIT_GAME_UNSIGNED refused game calls (no or bad signature) per address (120).
 */
export function rateLimitsFrom(env: NodeJS.ProcessEnv): RateLimits {
  const d = DEFAULT_RATE_LIMITS;
  return {
    windowSeconds: positive(env, 'RATE_LIMIT_WINDOW', d.windowSeconds),
    console: positive(env, 'RATE_LIMIT_CONSOLE', d.console),
    signIn: positive(env, 'RATE_LIMIT_SIGN_IN', d.signIn),
    game: positive(env, 'RATE_LIMIT_GAME', d.game),
    gameUnsigned: positive(env, 'RATE_LIMIT_GAME_UNSIGNED', d.gameUnsigned),
  };
}

// --- Uploads in S3-compatible storage (modules/files) ---

/** Where uploads go instead of DATA_DIR/files: the files module's S3 options. */
export type S3Config = S3Options;

/**
 * S3_BUCKET turns it on. S3_ENDPOINT (absent: AWS), S3_REGION (us-east-1), S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY (absent: the SDK's credential chain), S3_FORCE_PATH_STYLE=1 (MinIO and most
 * self-hosted services), S3_PUBLIC_BASE_URL (where the bucket is publicly readable, e.g. a CDN:
 * images are linked there instead of through this server).
 */
export function s3From(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const flag = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  return {
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: flag === '1' || flag === 'true',
    publicBaseUrl: env.S3_PUBLIC_BASE_URL?.trim() || undefined,
  };
}

/**
 * Fastify's `trustProxy`: nobody, the proxies' addresses/CIDRs and proxy-addr's names, or a trust
 * function (a hop count).
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** Loopback, link-local and private ranges: where a proxy counted by hops must be. */
const INTERNAL = new BlockList();
for (const [network, prefix, type] of [
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
] as const)
  INTERNAL.addSubnet(network, prefix, type);

function isInternal(address: string): boolean {
  const ip = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const version = isIP(ip);
  return version !== 0 && INTERNAL.check(ip, version === 6 ? 'ipv6' : 'ipv4');
}

/**
 * TRUST_PROXY: unset or `0` trusts no X-Forwarded-For (the peer is the client). A comma-separated
 * list of addresses, CIDRs and `loopback`/`linklocal`/`uniquelocal` trusts those proxies only. A
 * number N trusts up to N hops nearest the server, each only if it is a loopback or private
 * address: a bare hop count would let any client reaching the server directly forge its address
 * (Fastify refuses it for that reason), so `1` means "one proxy on our own network". `true`
 * (every client's header believed) is refused at start-up.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (address, hop) => hop < hops && isInternal(address);
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const version = isIP(address);
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    const ok = PROXY_NAMES.includes(entry) || (version !== 0 && prefixOk && extra === undefined);
    if (!ok) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an address, a CIDR or one of ${PROXY_NAMES.join(', ')}; ` +
          'name the trusted proxies (e.g. 10.0.0.5,10.1.0.0/16 or loopback) or give a hop count',
      );
    }
  }
  return entries;
}
