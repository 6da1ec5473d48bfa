import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  ssoSecret: string;
  jwtSecret: string;
  demo: boolean;
  adminPassword?: string;
  /** Access-token lifetime in seconds. */
  accessTtl: number;
  /** Refresh-token and sign-in-session lifetime in seconds. */
  refreshTtl: number;
  /** The built console (apps/web/dist); absent means the API only. */
  webDist?: string;
  /** Address of the big-data platform and other platforms in the platform list. */
  biUrl: string;
  logLevel: string;
}

/** Reads the secret from the environment, else from DATA_DIR/secrets.json, creating it once. */
function secrets(dataDir: string, env: NodeJS.ProcessEnv): { sso: string; jwt: string } {
  if (env.SSO_SECRET && env.JWT_SECRET) return { sso: env.SSO_SECRET, jwt: env.JWT_SECRET };
  const file = path.join(dataDir, 'secrets.json');
  let saved: { sso?: string; jwt?: string } = {};
  if (fs.existsSync(file)) saved = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof saved;
  if (!saved.sso || !saved.jwt) {
    saved = {
      sso: saved.sso ?? randomBytes(32).toString('hex'),
      jwt: saved.jwt ?? randomBytes(32).toString('hex'),
    };
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(saved), { mode: 0o600 });
  }
  return { sso: env.SSO_SECRET ?? saved.sso!, jwt: env.JWT_SECRET ?? saved.jwt! };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  const { sso, jwt } = secrets(dataDir, env);
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    ssoSecret: sso,
    jwtSecret: jwt,
    // Demo data is on by default with the embedded database only.
    demo: env.DEMO !== undefined ? env.DEMO !== '0' && env.DEMO !== 'false' : !databaseUrl,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    accessTtl: Number(env.ACCESS_TTL ?? 900),
    refreshTtl: Number(env.REFRESH_TTL ?? 7 * 24 * 3600),
    webDist: env.WEB_DIST,
    biUrl: env.BI_URL ?? '/bi',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
