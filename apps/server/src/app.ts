import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  ERRORS,
  ErrorCode,
  IMPORT_CONTENT_TYPES,
  errorMessage,
  fieldErrors,
  type ErrorCodeValue,
} from '@rx/contracts';
import type { Database } from './db/index.ts';
import { ApiError } from './lib/api-error.ts';
import { enforceRouteAccess, trackDeclaredAccess } from './lib/route-access.ts';
import { isListQuery, rememberedQuery, trackHandWrittenLists } from './lib/list-routes.ts';
import { requestLanguage } from './lib/request.ts';
import { cpLanguageFields, requireCpLanguage, withCpLanguage } from './lib/cp-language.ts';
import { redactingLogger } from './lib/log-redaction.ts';
import { localBus, redisBus, type EventBus } from './lib/events.ts';
import { deploymentPrefix, redisNames } from './lib/redis-namespace.ts';
import { DEFAULT_RATE_LIMITS, setUpRateLimits, type RateLimits } from './lib/rate-limit.ts';
import { setUpLive, type LiveOptions } from './modules/live/index.ts';
import { refuseUnstorableInput } from './lib/unstorable.ts';
import { setUpJobs, stopJobsOnClose, type JobRunnerOptions } from './lib/jobs/index.ts';
import { setUpModuleWork } from './lib/server-module.ts';
import { MODULES, type ModuleContext } from './manifest.ts';
import { acsRoutes, authenticator } from './modules/acs/index.ts';
import { openFileStorage, type S3Options } from './modules/files/index.ts';
import { GameAnswerCache, gameApiRoutes, shareInvalidations } from './modules/game-api/index.ts';
import type { PlayerRetention } from './modules/players/index.ts';
import {
  healthRoutes,
  securityHeaders,
  setUpMetrics,
  webRoutes,
  type MetricsOptions,
} from './modules/system/index.ts';
import { secretBox } from './lib/secret-box.ts';
import { Outside } from './lib/outside/index.ts';

export interface AppOptions {
  database: Database;
  ssoSecret: string;
  jwtSecret: string;
  accessTtl?: number;
  refreshTtl?: number;
  /** Addresses of the big-data platform and the service workbench; unset: the console says not set up. */
  biUrl?: string;
  serviceWorkbenchUrl?: string;
  /** The built console to serve under /main; absent: API only. */
  webDist?: string;
  logLevel?: string;
  /** Where log lines go (tests read them); default standard output. */
  logStream?: NodeJS.WritableStream;
  /** /metrics: a bearer token, a separate port. */
  metrics?: MetricsOptions;
  /** Proxies whose X-Forwarded-For is believed (config's TRUST_PROXY); none by default. */
  trustProxy?: false | string[] | ((address: string, hop: number) => boolean);
  /** The event bus (lib/events.ts); absent: one of this instance only. */
  events?: EventBus;
  /** Where uploads and other files live by default (config's DATA_DIR). */
  dataDir?: string;
  /** S3-compatible storage for uploads (config's S3_*); absent: files stay under `dataDir`. */
  s3?: S3Options;
  /** Redis (config's REDIS_URL): shared events and rate limits across instances. */
  redisUrl?: string;
  /**
   * The prefix of this deployment's Redis keys and channel (config's REDIS_PREFIX); unset: derived
   * from the database's identity (lib/redis-namespace.ts), so deployments on one Redis keep apart.
   */
  redisPrefix?: string;
  /** Requests per window (config's RATE_LIMIT_*); unset ones take config's defaults. */
  rateLimits?: Partial<RateLimits>;
  /** How long player sign-ins and reported event ids are kept (modules/players). */
  playerRetention?: Partial<PlayerRetention>;
  /** Days finished jobs are kept (JOB_RETENTION_DAYS, 90 by default). */
  jobRetentionDays?: number;
  /** The live-updates socket's timings (tests shorten them). */
  live?: Pick<LiveOptions, 'authTimeoutMs' | 'recheckMs'>;
  /** Background jobs (lib/jobs): polling interval, batch size (tests: short). */
  jobs?: JobRunnerOptions;
  /** Seals outside parties' credentials and tokens (config's CREDENTIALS_SECRET); absent: derived from jwtSecret. */
  credentialsSecret?: string;
  /** Outside parties (lib/outside): what a game without a choice uses (default off), providers' addresses (tests' stand-ins). */
  outside?: { unset?: 'fake' | 'off'; endpoints?: Record<string, string> };
  /** Days the outside-party call log is kept (OUTSIDE_CALL_RETENTION_DAYS). */
  outsideCallRetentionDays?: number;
  /** The secret the fake payment provider's notices are checked with (config's `fakePaySecret`); absent: random. */
  fakePaySecret?: string;
}

interface ZodLikeError {
  issues: {
    code: string;
    path: PropertyKey[];
    input?: unknown;
    minimum?: number;
    maximum?: number;
    origin?: string;
  }[];
}

function isZodError(error: unknown): error is ZodLikeError {
  return typeof error === 'object' && error !== null && Array.isArray((error as ZodLikeError).issues);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: redactingLogger(options.logLevel ?? 'info', options.logStream),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 10 * 1024 * 1024,
    return503OnClosing: true,
    // Plugins and onReady hooks (the modules' schedules) may take longer than Fastify's 10 s on a
    // busy machine: a start that is slow is not a start that failed.
    pluginTimeout: 120_000,
    // Keep the ids of every log line short and tied to the request.
    genReqId: () => Math.random().toString(36).slice(2, 10),
  });
  const { db } = options.database;
  trackDeclaredAccess(app);
  trackHandWrittenLists(app);
  // Every part of the server publishes and listens here: `app.events`, `request.server.events`.
  // With Redis, events reach every instance (lib/events.ts).
  const redis = options.redisUrl
    ? { url: options.redisUrl, names: redisNames(options.redisPrefix ?? (await deploymentPrefix(db))) }
    : undefined;
  const events =
    options.events ??
    (redis ? redisBus(redis.url, { log: app.log, channel: redis.names.events }) : localBus());
  app.decorate('events', events);
  if (events.ready) {
    // Start even when Redis is away (the bus subscribes when it comes back); wait a little for it.
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      events.ready(),
      new Promise((resolve) => (waited = setTimeout(resolve, 3000))),
    ]).finally(() => clearTimeout(waited));
  }
  // Outside parties (lib/outside): each game's adapters, the call log and the token store.
  app.decorate(
    'outside',
    new Outside({
      db,
      box: secretBox(options.credentialsSecret ?? options.jwtSecret, 'outside-party-credentials'),
      log: app.log,
      unset: options.outside?.unset ?? 'off',
      endpoints: options.outside?.endpoints,
    }),
  );
  // Background jobs and schedules: `app.jobs` (lib/jobs), started when the app is ready.
  const jobs = setUpJobs(app, options.database, events, {
    pollingIntervalSeconds: process.env.JOBS_POLL_SECONDS ? Number(process.env.JOBS_POLL_SECONDS) : undefined,
    ...options.jobs,
  });

  // Validate with zod, asking for the input so a missing field reads "required", not "invalid".
  // A list's query is checked once per query text (lib/list-routes.ts).
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validate = (data: unknown) => {
      const result = (schema as ZodType).safeParse(data, { reportInput: true });
      return result.success ? { value: result.data } : { error: result.error };
    };
    return httpPart === 'querystring' && isListQuery(schema) ? rememberedQuery(validate) : validate;
  });

  app.setErrorHandler(async (error: FastifyError | ApiError | Error, request, reply) => {
    const lang = requestLanguage(request);
    if (error instanceof ApiError) {
      return reply
        .code(error.status)
        .send({ code: error.code, data: error.data, msg: error.detail ?? errorMessage(error.code, lang) });
    }
    if (isZodError(error)) {
      // A text without the CP's language is named with the other mistakes (lib/cp-language.ts).
      const own = await cpLanguageFields(db, request).catch(() => ({}));
      return reply.code(400).send({
        code: ErrorCode.INVALID_INPUT,
        data: { fields: withCpLanguage(fieldErrors(error.issues, lang).fields, own) },
        msg: errorMessage(ErrorCode.INVALID_INPUT, lang),
      });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // Fastify's own 4xx (bad JSON, too large, wrong content type): say it in the envelope.
    const code: Exclude<ErrorCodeValue, 0> =
      status === 404
        ? ErrorCode.NOT_FOUND
        : status === 403
          ? ErrorCode.FORBIDDEN
          : status === 429
            ? ErrorCode.TOO_MANY_ATTEMPTS
            : status < 500
              ? ErrorCode.INVALID_INPUT
              : ErrorCode.INTERNAL;
    return reply.code(status < 500 ? status : ERRORS[ErrorCode.INTERNAL].status).send({
      code,
      data: code === ErrorCode.INVALID_INPUT ? { fields: { _: error.message } } : null,
      msg: errorMessage(code, lang),
    });
  });

  // Before any route (so every plugin inherits it): NUL or a lone surrogate anywhere is 400001.
  app.addHook('preValidation', refuseUnstorableInput);

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      code: ErrorCode.NOT_FOUND,
      data: null,
      msg: errorMessage(ErrorCode.NOT_FOUND, requestLanguage(request)),
    });
  });

  // Imports take the file as the raw body (CSV or XLSX): handlers get a Buffer.
  app.addContentTypeParser(
    [IMPORT_CONTENT_TYPES.csv, IMPORT_CONTENT_TYPES.xlsx, IMPORT_CONTENT_TYPES.any],
    { parseAs: 'buffer' },
    (_request, payload, done) => done(null, payload),
  );

  // At the root and before any route plugin, so the duration hook reaches every route.
  setUpMetrics(app, options.metrics ?? {});
  await securityHeaders(app);
  app.decorateRequest('auth', null);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Game publishing console API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const authenticate = authenticator(db, options.jwtSecret, events);
  enforceRouteAccess(app, db, authenticate);
  // Rate limits: after the access hook's sign-in, before every route (lib/rate-limit.ts).
  await setUpRateLimits(
    app,
    { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    redis && { url: redis.url, prefix: redis.names.rateLimits },
  );
  // After validation, before every handler: multilingual texts carry the CP's own language.
  app.addHook('preHandler', requireCpLanguage(db));
  await app.register(healthRoutes, { db });
  await app.register(acsRoutes, {
    prefix: '/api/v1',
    db,
    authenticate,
    ssoSecret: options.ssoSecret,
    jwtSecret: options.jwtSecret,
    accessTtl: options.accessTtl ?? 900,
    refreshTtl: options.refreshTtl ?? 7 * 24 * 3600,
    biUrl: options.biUrl,
    serviceWorkbenchUrl: options.serviceWorkbenchUrl,
  });
  // Live updates to the console (WebSocket), closed at once on sign-out.
  await setUpLive(app, { authenticate, ...options.live });

  // The modules (src/manifest.ts): their console routes under /api/v1, their other routes, their
  // jobs, tasks and schedules; then the game API with every module's game routes.
  // The game API's answers: every instance drops them when any instance's console writes (`game-config` events).
  const cache = new GameAnswerCache();
  shareInvalidations(events, cache);
  const context: ModuleContext = {
    db,
    events,
    jobs,
    authenticate,
    storage: await openFileStorage({ dataDir: options.dataDir, s3: options.s3 }),
    cache,
    secrets: secretBox(options.jwtSecret),
    playerRetention: options.playerRetention,
    jobRetentionDays: options.jobRetentionDays,
    outside: app.outside,
    outsideCallRetentionDays: options.outsideCallRetentionDays,
    fakePaySecret: options.fakePaySecret ?? randomBytes(32).toString('hex'),
  };
  for (const module of MODULES) {
    if (module.routes) await app.register(module.routes, { prefix: '/api/v1', ...context });
    for (const mount of module.mounts ?? [])
      await app.register(mount.routes, { prefix: mount.prefix, ...context });
  }
  setUpModuleWork(app, jobs, MODULES, context);
  await app.register(gameApiRoutes, {
    prefix: '/api/game/v1',
    db,
    secrets: context.secrets,
    routes: MODULES.flatMap((module) =>
      module.gameRoutes ? [(game: FastifyInstance) => module.gameRoutes!(game, context)] : [],
    ),
  });

  if (options.webDist) await app.register(webRoutes, { dist: options.webDist });

  app.addHook('onClose', async () => {
    await events.close();
    await options.database.close();
  });
  // Runs before the hook above: the call log's last lines land before the database closes.
  app.addHook('onClose', () => app.outside.calls.settled());
  // After the hook above, so it runs before it: jobs stop before the database closes.
  stopJobsOnClose(app);
  return app;
}
