import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { ApiError } from './api-error.ts';
import { userGrants, type UserGrants } from './grants.ts';

/**
 * Who is calling: set on the request by the sign-in module's `authenticator`
 * (modules/acs/authenticate.ts), which checks the access token; read by every route.
 */
export interface Auth {
  userId: number;
  cpId: number;
  username: string;
  usertype: number | null;
  familyId: string;
  permChangedAt: number;
  /** Still on the initial password: only what the change needs is reachable. */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** The caller; 305001 when nobody is signed in. */
export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw new ApiError(ErrorCode.SESSION_ENDED);
  return request.auth;
}

/**
 * The caller's grants; throws 403001 unless they hold one of `anyOf` (when given). Before the initial
 * password is changed no permission is exercised (403003), whatever the route let through.
 */
export async function requirePermission(
  db: Db,
  request: FastifyRequest,
  ...anyOf: string[]
): Promise<UserGrants> {
  const auth = requireAuth(request);
  if (auth.mustChangePassword && anyOf.length) throw new ApiError(ErrorCode.PASSWORD_CHANGE_REQUIRED);
  const grants = await userGrants(db, auth.userId, auth.permChangedAt);
  if (anyOf.length && !grants.isAdmin && !anyOf.some((p) => grants.permissions.has(p))) {
    throw new ApiError(ErrorCode.FORBIDDEN);
  }
  return grants;
}
