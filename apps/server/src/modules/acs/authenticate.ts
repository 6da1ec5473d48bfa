import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { tokenFamilies, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { verifyJwt, type AccessClaims, type JwtResult } from '../../lib/jwt.ts';
import { bearerToken } from '../../lib/request.ts';
import type { EventBus } from '../../lib/events.ts';

export { requireAuth, requirePermission, type Auth } from '../../lib/authenticate.ts';

/**
 * What a user still on the initial password (is_modified_password 0) may call, by route: what the
 * console's forced-change page loads (its session: CP config, own permissions, platforms, games)
 * and the change itself. Sign-out and token refresh need no access token. Anything else: 403003.
 */
const BEFORE_PASSWORD_CHANGE = new Set([
  'POST /api/v1/acs/user/set_password',
  'GET /api/v1/acs/cp/get_config',
  'POST /api/v1/acs/permission/get_all',
  'GET /api/v1/acs/user/platform_list',
  'GET /api/v1/acs/cp/products',
]);

/** What the check reads of a sign-in: its user and whether its token family was revoked. */
interface SignIn {
  cpId: number;
  username: string;
  usertype: number | null;
  disabled: boolean;
  permChangedAt: number;
  isModifiedPassword: number;
  revokedAt: Date | null;
}

/** How long a sign-in read from the database answers the following requests of its family. */
export const SIGN_IN_CACHE_MS = 2000;
const CACHE_LIMIT = 10_000;

/**
 * The sign-ins read lately, by token family: a console asks several times a second, and each request
 * read the same row. Only live sign-ins are kept, SIGN_IN_CACHE_MS at most; a user's are dropped at
 * once, on every instance, when an event says their sign-ins or permissions changed (`session`:
 * sign-out, refresh-token reuse, password change or reset, disabling; `permissions`: roles), so a
 * revoked token is refused from the next request on. One cache per app (tests run several).
 */
function signInCache(events?: EventBus) {
  const entries = new Map<string, { userId: number; at: number; row: SignIn }>();
  events?.subscribe((event) => {
    if (event.topic !== 'session' && event.topic !== 'permissions') return;
    if (event.userId === 0) return entries.clear();
    for (const [family, entry] of entries) if (entry.userId === event.userId) entries.delete(family);
  });
  return {
    get(family: string, userId: number): SignIn | undefined {
      const entry = entries.get(family);
      if (!entry || entry.userId !== userId) return undefined;
      if (Date.now() - entry.at > SIGN_IN_CACHE_MS) {
        entries.delete(family);
        return undefined;
      }
      return entry.row;
    },
    set(family: string, userId: number, row: SignIn): void {
      if (entries.size >= CACHE_LIMIT) entries.clear();
      entries.set(family, { userId, at: Date.now(), row });
    },
  };
}

/**
 * Checks the access token: 305001 without one or when its sign-in is over, 305003 when it is not
 * valid for the current key, 305002 when expired, 305004 when older than the last permission change;
 * then 403003 for a user on the initial password calling anything the change does not need.
 */
export function authenticator(db: Db, jwtSecret: string, events?: EventBus) {
  const cache = signInCache(events);
  // Tokens whose signature was checked: a console sends the same one with every request, and the
  // HMAC and the claims' decoding were a part of each. The expiry is still checked every time.
  const verified = new Map<string, AccessClaims>();
  const verify = (token: string): JwtResult => {
    const known = verified.get(token);
    if (known && known.exp > Date.now() / 1000) return { ok: true, claims: known };
    verified.delete(token);
    const result = verifyJwt(token, jwtSecret);
    if (result.ok) {
      if (verified.size >= CACHE_LIMIT) verified.clear();
      verified.set(token, result.claims);
    }
    return result;
  };
  const read = async (userId: number, family: string): Promise<SignIn | undefined> => {
    const cached = cache.get(family, userId);
    if (cached) return cached;
    const [row] = await db
      .select({
        cpId: users.cpId,
        username: users.username,
        usertype: users.usertype,
        disabled: users.disabled,
        permChangedAt: users.permChangedAt,
        isModifiedPassword: users.isModifiedPassword,
        revokedAt: tokenFamilies.revokedAt,
      })
      .from(users)
      .innerJoin(tokenFamilies, and(eq(tokenFamilies.userId, users.id), eq(tokenFamilies.id, family)))
      .where(eq(users.id, userId));
    if (row && !row.disabled && !row.revokedAt) cache.set(family, userId, row);
    return row;
  };
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new ApiError(ErrorCode.SESSION_ENDED);
    const result = verify(token);
    if (!result.ok) {
      throw new ApiError(result.reason === 'expired' ? ErrorCode.TOKEN_EXPIRED : ErrorCode.TOKEN_INVALID);
    }
    const { claims } = result;
    const userId = Number(claims.sub);
    if (!Number.isSafeInteger(userId)) throw new ApiError(ErrorCode.TOKEN_INVALID);
    const row = await read(userId, claims.fam);
    if (!row || row.disabled || row.revokedAt) throw new ApiError(ErrorCode.SESSION_ENDED);
    if (claims.iatms < row.permChangedAt) throw new ApiError(ErrorCode.TOKEN_STALE);
    const mustChangePassword = row.isModifiedPassword === 0;
    if (mustChangePassword && !BEFORE_PASSWORD_CHANGE.has(`${request.method} ${request.routeOptions.url}`)) {
      throw new ApiError(ErrorCode.PASSWORD_CHANGE_REQUIRED);
    }
    request.auth = {
      userId,
      cpId: row.cpId,
      username: row.username,
      usertype: row.usertype,
      familyId: claims.fam,
      permChangedAt: row.permChangedAt,
      mustChangePassword,
    };
  };
}
