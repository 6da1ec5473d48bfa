import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { tokenFamilies, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { verifyJwt } from '../../lib/jwt.ts';
import { bearerToken } from '../../lib/request.ts';
import { userGrants, type UserGrants } from './permissions.ts';

/** Who is calling: set on the request by `authenticate`. */
export interface Auth {
  userId: number;
  cpId: number;
  username: string;
  usertype: number | null;
  familyId: string;
  permChangedAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/**
 * Checks the access token: 305001 without one or when its sign-in is over, 305003 when it is not
 * valid for the current key, 305002 when expired, 305004 when older than the last permission change.
 */
export function authenticator(db: Db, jwtSecret: string) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new ApiError(ErrorCode.SESSION_ENDED);
    const result = verifyJwt(token, jwtSecret);
    if (!result.ok) {
      throw new ApiError(result.reason === 'expired' ? ErrorCode.TOKEN_EXPIRED : ErrorCode.TOKEN_INVALID);
    }
    const { claims } = result;
    const userId = Number(claims.sub);
    if (!Number.isSafeInteger(userId)) throw new ApiError(ErrorCode.TOKEN_INVALID);
    const [row] = await db
      .select({
        cpId: users.cpId,
        username: users.username,
        usertype: users.usertype,
        disabled: users.disabled,
        permChangedAt: users.permChangedAt,
        revokedAt: tokenFamilies.revokedAt,
      })
      .from(users)
      .innerJoin(tokenFamilies, and(eq(tokenFamilies.userId, users.id), eq(tokenFamilies.id, claims.fam)))
      .where(eq(users.id, userId));
    if (!row || row.disabled || row.revokedAt) throw new ApiError(ErrorCode.SESSION_ENDED);
    if (claims.iatms < row.permChangedAt) throw new ApiError(ErrorCode.TOKEN_STALE);
    request.auth = {
      userId,
      cpId: row.cpId,
      username: row.username,
      usertype: row.usertype,
      familyId: claims.fam,
      permChangedAt: row.permChangedAt,
    };
  };
}

export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw new ApiError(ErrorCode.SESSION_ENDED);
  return request.auth;
}

/** The caller's grants; throws 403001 unless they hold one of `anyOf` (when given). */
export async function requirePermission(
  db: Db,
  request: FastifyRequest,
  ...anyOf: string[]
): Promise<UserGrants> {
  const auth = requireAuth(request);
  const grants = await userGrants(db, auth.userId, auth.permChangedAt);
  if (anyOf.length && !grants.isAdmin && !anyOf.some((p) => grants.permissions.has(p))) {
    throw new ApiError(ErrorCode.FORBIDDEN);
  }
  return grants;
}
