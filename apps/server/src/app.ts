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
import { requestLanguage } from './lib/request.ts';
import { redactingLogger } from './lib/log-redaction.ts';
import { localBus, redisBus, type EventBus } from './lib/events.ts';
import { deploymentPrefix, redisNames } from './lib/redis-namespace.ts';
import { DEFAULT_RATE_LIMITS, setUpRateLimits, type RateLimits } from './lib/rate-limit.ts';
import { setUpLive, type LiveOptions } from './modules/live/index.ts';
import { refuseUnstorableInput } from './lib/unstorable.ts';
import { setUpJobs, stopJobsOnClose, type JobRunnerOptions } from './lib/jobs/index.ts';
import { jobRoutes } from './modules/jobs/index.ts';
import { acsRoutes, authenticator } from './modules/acs/index.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
// Two-person approval: requests and policies.
import { approvalRoutes } from './modules/approvals/index.ts';
import { productRoutes } from './modules/products/index.ts';
import { channelRoutes } from './modules/channels/index.ts';
import { propRoutes } from './modules/props/index.ts';
import { giftRoutes } from './modules/gift-packages/index.ts';
import { billingRoutes } from './modules/billing-points/index.ts';
import { operationLogRoutes } from './modules/operation-logs/index.ts';
import { systemAdminRoutes } from './modules/system-admin/index.ts';
import { homeRoutes } from './modules/home/index.ts';
import { playerRoutes, type PlayerRetention } from './modules/players/index.ts';
import { playerTierRoutes } from './modules/player-tiers/index.ts';
import { profileTagRoutes } from './modules/profile-tags/index.ts';
import { announcementRoutes } from './modules/announcements/index.ts';
import { codeBatchRoutes, codeRedeemRoutes } from './modules/code-batches/index.ts';
import { sanctionRoutes } from './modules/sanctions/index.ts';
import { ticketRoutes } from './modules/tickets/index.ts';
import { refundRoutes } from './modules/refunds/index.ts';
import { violationRoutes } from './modules/violations/index.ts';
import { cheatFlagRoutes } from './modules/cheat-flags/index.ts';
import { mailRoutes } from './modules/mails/index.ts';
import { violationTemplateRoutes } from './modules/violation-templates/index.ts';
import { userGroupRoutes } from './modules/user-groups/index.ts';
import { webActivityRoutes } from './modules/web-activities/index.ts';
import { webSiteRoutes } from './modules/web-site/index.ts';
import { webPayRoutes, webShopRoutes } from './modules/web-shop/index.ts';
import {
  healthRoutes,
  securityHeaders,
  setUpMetrics,
  webRoutes,
  type MetricsOptions,
} from './modules/system/index.ts';
import { feedbackTypeRoutes } from './modules/feedback-types/index.ts';
import { errorCodeRoutes } from './modules/error-codes/index.ts';
import { helpCenterRoutes } from './modules/help-center/index.ts';
import { autoReplyRoutes } from './modules/auto-replies/index.ts';
import { socialAccessRoutes } from './modules/social-access/index.ts';
import { fileRoutes, openFileStorage, publicFileRoutes, type S3Options } from './modules/files/index.ts';
import {
  GameAnswerCache,
  gameApiRoutes,
  gameApiKeyRoutes,
  secretBox,
  shareInvalidations,
} from './modules/game-api/index.ts';

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
    // Keep the ids of every log line short and tied to the request.
    genReqId: () => Math.random().toString(36).slice(2, 10),
  });
  const { db } = options.database;
  trackDeclaredAccess(app);
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
  // Background jobs and schedules: `app.jobs` (lib/jobs), started when the app is ready.
  setUpJobs(app, options.database, events, {
    pollingIntervalSeconds: process.env.JOBS_POLL_SECONDS ? Number(process.env.JOBS_POLL_SECONDS) : undefined,
    ...options.jobs,
  });

  // Validate with zod, asking for the input so a missing field reads "required", not "invalid".
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as ZodType).safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: result.error };
  });

  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    const lang = requestLanguage(request);
    if (error instanceof ApiError) {
      return reply
        .code(error.status)
        .send({ code: error.code, data: error.data, msg: error.detail ?? errorMessage(error.code, lang) });
    }
    if (isZodError(error)) {
      return reply.code(400).send({
        code: ErrorCode.INVALID_INPUT,
        data: fieldErrors(error.issues, lang),
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

  const authenticate = authenticator(db, options.jwtSecret);
  enforceRouteAccess(app, db, authenticate);
  // Rate limits: after the access hook's sign-in, before every route (lib/rate-limit.ts).
  await setUpRateLimits(
    app,
    { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    redis && { url: redis.url, prefix: redis.names.rateLimits },
  );
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
  await app.register(notificationRoutes, { prefix: '/api/v1', db, authenticate });
  await app.register(approvalRoutes, { prefix: '/api/v1', db });
  // Live updates to the console (WebSocket), closed at once on sign-out.
  await setUpLive(app, { authenticate, ...options.live });
  // The business resources: each module's routes under /api/v1.
  for (const routes of [
    productRoutes,
    channelRoutes,
    propRoutes,
    giftRoutes,
    billingRoutes,
    operationLogRoutes,
    systemAdminRoutes,
    homeRoutes,
    violationTemplateRoutes,
    playerTierRoutes,
    announcementRoutes,
    codeBatchRoutes,
    ticketRoutes,
  ]) {
    await app.register(routes, { prefix: '/api/v1', db, authenticate });
  }
  // Players: the lookups, and the daily sweep of old sign-ins and reported event ids.
  await app.register(playerRoutes, { prefix: '/api/v1', db, playerRetention: options.playerRetention });
  // Uploads (modules/files): the API under /api/v1, and the public address of images at /files/<id>.
  const fileStorage = await openFileStorage({ dataDir: options.dataDir, s3: options.s3 });
  await app.register(fileRoutes, { prefix: '/api/v1', db, storage: fileStorage });
  await app.register(publicFileRoutes, { db, storage: fileStorage });
  // Profile tags import uploaded files (openid,value lists).
  await app.register(profileTagRoutes, { prefix: '/api/v1', db, storage: fileStorage });
  // Sanctions (bans, mutes, kicks; bulk from an uploaded openid list).
  await app.register(sanctionRoutes, { prefix: '/api/v1', db, storage: fileStorage });
  await app.register(refundRoutes, { prefix: '/api/v1', db });
  await app.register(violationRoutes, { prefix: '/api/v1', db });
  await app.register(cheatFlagRoutes, { prefix: '/api/v1', db });
  await app.register(mailRoutes, { prefix: '/api/v1', db, storage: fileStorage });
  await app.register(userGroupRoutes, { prefix: '/api/v1', db, storage: fileStorage });
  // The web recharge site's top-up activities, configuration and protocols (overseas products).
  await app.register(webActivityRoutes, { prefix: '/api/v1', db });
  await app.register(webSiteRoutes, { prefix: '/api/v1', db });
  // The web recharge site: goods and orders (console), and the payment provider's signed notices.
  await app.register(webShopRoutes, { prefix: '/api/v1', db });
  await app.register(webPayRoutes, { prefix: '/api/pay/v1', db });
  // The configuration games read, and the game-facing API that serves it (signed with product keys).
  // Every instance drops its answers when any instance's console writes (`game-config` events).
  const answerCache = new GameAnswerCache();
  shareInvalidations(events, answerCache);
  const gameConfig = {
    db,
    authenticate,
    cache: answerCache,
    secrets: secretBox(options.jwtSecret),
  };
  for (const routes of [
    feedbackTypeRoutes,
    errorCodeRoutes,
    helpCenterRoutes,
    autoReplyRoutes,
    socialAccessRoutes,
    gameApiKeyRoutes,
  ]) {
    await app.register(routes, { prefix: '/api/v1', ...gameConfig });
  }
  await app.register(gameApiRoutes, { prefix: '/api/game/v1', ...gameConfig });
  // Exchange-code redemption, signed like the rest of the game API (modules/code-batches).
  await app.register(codeRedeemRoutes, { prefix: '/api/game/v1', ...gameConfig });
  // Background jobs: the caller's jobs, their items, result files, cancel and retry.
  await app.register(jobRoutes, { prefix: '/api/v1', db, retentionDays: options.jobRetentionDays });

  if (options.webDist) await app.register(webRoutes, { dist: options.webDist });

  app.addHook('onClose', async () => {
    await events.close();
    await options.database.close();
  });
  // After the hook above, so it runs before it: jobs stop before the database closes.
  stopJobsOnClose(app);
  return app;
}
