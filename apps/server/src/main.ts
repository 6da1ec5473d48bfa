import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { seed } from './seed/index.ts';

function defaultWebDist(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/main.ts in development, dist/server.js when built: the web build sits in apps/web/dist.
  for (const candidate of [path.join(here, '../../web/dist'), path.join(here, '../../../apps/web/dist')]) {
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: { info: (msg) => console.log(msg), warn: (msg) => console.warn(msg) },
  });
  const app = await buildApp({
    database,
    ssoSecret: config.ssoSecret,
    jwtSecret: config.jwtSecret,
    accessTtl: config.accessTtl,
    refreshTtl: config.refreshTtl,
    biUrl: config.biUrl,
    serviceWorkbenchUrl: config.serviceWorkbenchUrl,
    webDist: config.webDist ?? defaultWebDist(),
    logLevel: config.logLevel,
    metrics: { token: config.metricsToken, port: config.metricsPort, host: config.host },
    trustProxy: config.trustProxy,
    dataDir: config.dataDir,
    s3: config.s3,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    rateLimits: config.rateLimits,
    playerRetention: config.playerRetention,
    jobRetentionDays: config.jobRetentionDays,
    credentialsSecret: config.credentialsSecret,
    // The demo's games talk to the built-in fakes until staff choose otherwise; without demo data a
    // game talks to no outside party until staff set one up.
    outside: { unset: config.demo ? 'fake' : 'off' },
    outsideCallRetentionDays: config.outsideCallRetentionDays,
    fakePaySecret: config.fakePaySecret,
  });
  for (const warning of config.warnings) app.log.warn(warning);
  await seed(database.db, {
    demo: config.demo,
    demoPlayers: config.demoPlayers,
    approvalsOnEveryGame: true,
    demoWork: true,
    adminPassword: config.adminPassword,
    log: app.log,
    jwtSecret: config.jwtSecret,
  });

  // Stop cleanly: refuse new connections, finish the requests in flight, close the database.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 15000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `console at http://localhost:${config.port}/main/ (database: ${database.embedded ? `embedded PostgreSQL, port ${database.embedded.port}` : 'DATABASE_URL'}${config.demo ? ', demo data' : ''})`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
