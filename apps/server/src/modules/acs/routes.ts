import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ErrorCode,
  INT32_MAX,
  isLanguage,
  PLATFORMS,
  linkLoginBody,
  loginBody,
  permissionBody,
  platformLinkQuery,
  rejwtQuery,
  setPasswordBody,
  validationMessage,
  type PlatformKey,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { cps, products, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { looksLikeJwt, verifyJwt } from '../../lib/jwt.ts';
import { bearerToken, ok, requestLanguage } from '../../lib/request.ts';
import { PUBLIC, SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth, requirePermission } from './authenticate.ts';
import { userGrants, type UserGrants } from '../../lib/grants.ts';
import { AcsService, type AcsSettings, type Caller } from './service.ts';

export const SESSION_COOKIE = 'rx_session';
export const CAPTCHA_COOKIE = 'rx_captcha';

export interface AcsOptions extends AcsSettings {
  db: Db;
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Addresses of the applications the console links to (configuration); unset: not set up. */
  biUrl?: string;
  serviceWorkbenchUrl?: string;
}

function caller(request: FastifyRequest): Caller {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', lang: requestLanguage(request) };
}

function cookieOptions(request: FastifyRequest, maxAge: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge,
  };
}

/**
 * get_all's answer for a user's grants, serialised once per grants (lib/grants.ts keeps them until
 * a change, which makes new grants and so a new answer): a console asks for it on every page.
 */
const permissionAnswers = new WeakMap<UserGrants, Buffer>();
function permissionAnswer(grants: UserGrants): Buffer {
  let answer = permissionAnswers.get(grants);
  if (answer === undefined) {
    const ruixue = [...grants.permissions].sort().map((resource) => ({ resource }));
    answer = Buffer.from(JSON.stringify(ok({ ruixue })));
    permissionAnswers.set(grants, answer);
  }
  return answer;
}

/** The staff sign-in service (spec §7): `users/*` for the sign-in page, `acs/*` for the console. */
export async function acsRoutes(fastify: FastifyInstance, options: AcsOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, authenticate } = options;
  const acs = new AcsService(db, {
    ...options,
    onSessionsEnded: (userId) => fastify.events.publish({ topic: 'session', cpId: 0, userId, data: {} }),
  });
  const tags = ['acs'];
  /** A platform's address: the console's own, or the configured one (none when not set up). */
  const platformBase = (platform: PlatformKey): string | undefined =>
    platform === 'main' ? '/main/' : options.biUrl;

  app.get(
    '/users/captcha',
    {
      schema: {
        tags,
        summary: 'A proof-of-work captcha (ALTCHA) for the sign-in page',
        description:
          'The browser solves the challenge and sends the ALTCHA payload (challenge and solution, base64 JSON) as users/login `code`. Good for one try, with the cookie this call sets.',
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      const captcha = await acs.newCaptcha();
      reply.setCookie(CAPTCHA_COOKIE, captcha.id, cookieOptions(request, captcha.expiresIn));
      return ok({ challenge: captcha.challenge, expires_in: captcha.expiresIn });
    },
  );

  app.post(
    '/users/login',
    {
      schema: {
        tags,
        summary: 'Sign in with username and password (captcha after 3 failures)',
        body: loginBody,
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      const { token } = await acs.signIn(
        { ...request.body, captchaId: request.cookies[CAPTCHA_COOKIE] },
        caller(request),
      );
      reply.clearCookie(CAPTCHA_COOKIE, { path: '/' });
      reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, options.refreshTtl));
      return ok({ token });
    },
  );

  /** The sign-in behind a platform_link call: the session cookie, a session token, or a console access token. */
  async function linkSubject(request: FastifyRequest) {
    const bearer = bearerToken(request);
    if (bearer && looksLikeJwt(bearer)) {
      const result = verifyJwt(bearer, options.jwtSecret);
      if (!result.ok) {
        throw new ApiError(result.reason === 'expired' ? ErrorCode.TOKEN_EXPIRED : ErrorCode.TOKEN_INVALID);
      }
      await authenticate(request, undefined as never);
      const auth = requireAuth(request);
      const [user] = await db
        .select({ isModifiedPassword: users.isModifiedPassword })
        .from(users)
        .where(eq(users.id, auth.userId));
      return {
        userId: auth.userId,
        isModifiedPassword: user!.isModifiedPassword,
        sessionId: await acs.familySession(auth.familyId),
      };
    }
    const token = bearer ?? request.cookies[SESSION_COOKIE];
    if (!token) throw new ApiError(ErrorCode.SESSION_ENDED);
    return acs.sessionUser(token);
  }

  app.get(
    '/acs/user/platform_link',
    {
      schema: { tags, summary: 'A signed, single-use link into a platform', querystring: platformLinkQuery },
      // It checks the caller's token or session itself (linkSubject): a sign-in session suffices.
      config: PUBLIC,
    },
    async (request) => {
      const platform = request.query.platform;
      // Own keys only: `in` would also accept inherited ones (__proto__, constructor, toString...).
      if (!Object.hasOwn(PLATFORMS, platform)) {
        throw new ApiError(ErrorCode.INVALID_INPUT, {
          fields: { platform: validationMessage('invalid', requestLanguage(request)) },
        });
      }
      const base = platformBase(platform as PlatformKey);
      if (!base) throw new ApiError(ErrorCode.NOT_FOUND);
      const subject = await linkSubject(request);
      return ok({ url: await acs.issueLink(subject, base) });
    },
  );

  app.post(
    '/acs/user/login',
    {
      schema: { tags, summary: 'Turn a signed link into the user info and tokens', body: linkLoginBody },
      config: PUBLIC,
    },
    async (request) => ok(await acs.linkLogin(request.body, caller(request))),
  );

  app.post(
    '/acs/user/rejwt',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token; answers new access and refresh tokens',
        querystring: rejwtQuery,
      },
      // The refresh token in the query is the credential.
      config: PUBLIC,
    },
    async (request) => ok(await acs.refresh(request.query.rejwt)),
  );

  app.post(
    '/acs/permission/get_all',
    {
      schema: { tags, summary: "A user's permissions (only one's own unless admin)", body: permissionBody },
      config: SIGNED_IN,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const grants = await requirePermission(db, request);
      let target = { userId: auth.userId, permChangedAt: auth.permChangedAt };
      if (request.body.user_id !== String(auth.userId)) {
        // Before the initial password is changed, one's own only.
        if (auth.mustChangePassword) throw new ApiError(ErrorCode.PASSWORD_CHANGE_REQUIRED);
        if (!grants.isAdmin) throw new ApiError(ErrorCode.FORBIDDEN);
        const id = Number(request.body.user_id);
        // Only an id an integer column can hold is looked up (a larger one failed there as a 500).
        const [user] =
          Number.isInteger(id) && id >= 1 && id <= INT32_MAX
            ? await db
                .select({ userId: users.id, permChangedAt: users.permChangedAt })
                .from(users)
                .where(and(eq(users.id, id), eq(users.cpId, auth.cpId)))
            : [];
        // Another CP's user is answered as not found: a CP never learns of another's staff.
        if (!user) throw new ApiError(ErrorCode.NOT_FOUND);
        target = user;
      }
      const targetGrants =
        target.userId === auth.userId ? grants : await userGrants(db, target.userId, target.permChangedAt);
      return reply.type('application/json; charset=utf-8').send(permissionAnswer(targetGrants));
    },
  );

  app.get(
    '/acs/user/platform_list',
    { schema: { tags, summary: 'The platforms this user can enter' }, config: SIGNED_IN },
    async (request) => {
      const lang = requestLanguage(request);
      // A platform whose address is not configured is left out rather than linked to nowhere.
      return ok(
        (Object.keys(PLATFORMS) as PlatformKey[]).flatMap((platform) => {
          const url = platformBase(platform);
          return url ? [{ platform, name: PLATFORMS[platform][lang], url }] : [];
        }),
      );
    },
  );

  app.get(
    '/acs/cp/get_config',
    {
      schema: {
        tags,
        summary: "The caller's CP: gateway domain, publish area, and the addresses of external entries",
      },
      config: SIGNED_IN,
    },
    async (request) => {
      const auth = requireAuth(request);
      const [cp] = await db.select().from(cps).where(eq(cps.id, auth.cpId));
      if (!cp) throw new ApiError(ErrorCode.NOT_FOUND);
      return ok({
        gw_domain: cp.gwDomain,
        publish_area: cp.publishArea,
        cp_name: cp.name,
        default_lang: isLanguage(cp.defaultLang) ? cp.defaultLang : 'zh',
        time_zone: cp.timeZone,
        external_urls: { bi: options.biUrl ?? null, service_workbench: options.serviceWorkbenchUrl ?? null },
      });
    },
  );

  app.get(
    '/acs/cp/products',
    {
      schema: { tags, summary: "The caller's CP's active games, for the header's game picker" },
      config: SIGNED_IN,
    },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await db
        .select({ id: products.id, code: products.code, name: products.name, region: products.region })
        .from(products)
        .where(and(eq(products.cpId, auth.cpId), eq(products.status, 'active')))
        .orderBy(products.id);
      return ok(rows);
    },
  );

  app.post(
    '/acs/user/set_password',
    {
      schema: { tags, summary: 'Change one’s password; ends one’s other sessions', body: setPasswordBody },
      config: SIGNED_IN,
    },
    async (request) => {
      await acs.setPassword(requireAuth(request), request.body, caller(request));
      return ok({ is_modified_password: 1 });
    },
  );

  app.post(
    '/acs/user/logout',
    {
      schema: {
        tags,
        summary: 'End this sign-in (the access token’s and the cookie’s)',
        body: z.unknown().optional(),
      },
      // An expired access token or the session cookie still names the sign-in to end.
      config: PUBLIC,
    },
    async (request, reply) => {
      const bearer = bearerToken(request);
      // An expired access token still names the sign-in to end.
      const claims = bearer && looksLikeJwt(bearer) ? verifyJwt(bearer, options.jwtSecret, 0) : null;
      const familyId = claims?.ok ? claims.claims.fam : null;
      const sessionToken =
        (bearer && !looksLikeJwt(bearer) ? bearer : request.cookies[SESSION_COOKIE]) ?? null;
      await acs.logout(familyId, sessionToken);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok(null);
    },
  );
}
