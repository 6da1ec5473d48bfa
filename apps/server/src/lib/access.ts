import type { FastifyRequest } from 'fastify';
import {
  ErrorCode,
  actionPermission,
  type ActionVerb,
  type Dimension,
  type Language,
  type ResourceAction,
} from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { ApiError } from './api-error.ts';
import { requestLanguage } from './request.ts';
import { requestProduct } from './scope.ts';
import { requirePermission } from './authenticate.ts';

/** What a request does to a resource; each needs its own permission. */
export type Action = ResourceAction;

const VERBS: Record<Action, ActionVerb | null> = {
  read: null,
  create: 'edit',
  update: 'edit',
  delete: 'delete',
  export: 'export',
  import: 'edit',
  approve: 'approve',
};

/** The permission an action on a page's data needs: its see permission, or the matching action one. */
export function permissionFor(see: string, action: Action): string {
  const verb = VERBS[action];
  return verb ? actionPermission(see, verb) : see;
}

/** Who acts, for whom: every query is filtered by `cpId` (and `productId` where the data is a game's). */
export interface Scope {
  cpId: number;
  userId: number;
  username: string;
  ip: string;
  lang: Language;
  isAdmin: boolean;
  /** The product of `X-Product-Id` for product-scoped resources, else null. */
  productId: number | null;
  /**
   * A dimensioned resource's value of the request (`?platform=wechat`): its rows are those whose
   * column of that name holds it (`inScope`), and a row it creates gets it.
   */
  dimension?: DimensionScope;
}

export interface DimensionScope {
  name: Dimension;
  value: string;
}
export type ProductScope = Scope & { productId: number };

/** The CP-wide scope (no game yet) of a signed-in request holding `grants`. */
export function scopeOfGrants(request: FastifyRequest, grants: { isAdmin: boolean }): Scope {
  const auth = request.auth!;
  return {
    cpId: auth.cpId,
    userId: auth.userId,
    username: auth.username,
    ip: request.ip,
    lang: requestLanguage(request),
    isAdmin: grants.isAdmin,
    productId: null,
  };
}

async function scopeOf(db: Db, request: FastifyRequest, ...anyOf: string[]): Promise<Scope> {
  return scopeOfGrants(request, await requirePermission(db, request, ...anyOf));
}

/** Checks the permission of `action` on the page whose see permission is `see` (403001). */
export function access(db: Db, request: FastifyRequest, see: string, action: Action): Promise<Scope> {
  return scopeOf(db, request, permissionFor(see, action));
}

/** As `access`, then the product of `X-Product-Id`: 400001 when missing, 403001 when not the CP's. */
export async function productAccess(
  db: Db,
  request: FastifyRequest,
  see: string,
  action: Action,
): Promise<ProductScope> {
  const scope = await access(db, request, see, action);
  return { ...scope, productId: await requestProduct(db, request, scope.cpId) };
}

/** System administration: the CP's admins only (403001). */
export async function adminAccess(db: Db, request: FastifyRequest): Promise<Scope> {
  const scope = await scopeOf(db, request);
  if (!scope.isAdmin) throw new ApiError(ErrorCode.FORBIDDEN);
  return scope;
}
