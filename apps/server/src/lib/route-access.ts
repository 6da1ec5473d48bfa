import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_ROLE,
  permissionsFor,
  productHeaders,
  type Resource,
  type ResourceAction,
} from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { access, adminAccess, productAccess, type ProductScope, type Scope } from './access.ts';
import { requireAuth } from './authenticate.ts';
import { fieldError } from './problems.ts';
import { requestLanguage } from './request.ts';

/**
 * What a route needs before its handler runs, declared once in its options (`config.access`) and
 * enforced by one hook for the whole API. A test enumerates every route and fails on one without it.
 * - `public`: nobody signed in (sign-in, captcha, health, the console's files)
 * - `signed-in`: any staff member; `admin`: the CP's admins
 * - `game`: a request signed with a game key (checked by the game API's own hook)
 * - a resource action: that action's permission, and the product of `X-Product-Id` when the
 *   resource belongs to a game; the handler reads the scope with `scopeOf(request)`
 */
export type AccessRule =
  | { kind: 'public' | 'signed-in' | 'admin' | 'game' }
  | { kind: 'permission'; resource: AccessResource; action: ResourceAction };

/** What an access rule reads of a resource (a dimensioned one: its permissions per value). */
export type AccessResource = Pick<Resource, 'permissions' | 'scope' | 'permissionsBy' | 'dimension'>;

/** The scope of a route whose access rule names a game (`productId` set). */
export function productScopeOf(request: FastifyRequest): ProductScope {
  return scopeOf(request) as ProductScope;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    scope?: Scope;
  }
}

/** Route options' `config` for an action on a resource: `{ config: can(props, 'read') }`. */
export function can(resource: AccessResource, action: ResourceAction) {
  return { access: { kind: 'permission', resource, action } } satisfies { access: AccessRule };
}

export const PUBLIC = { access: { kind: 'public' } } satisfies { access: AccessRule };
export const SIGNED_IN = { access: { kind: 'signed-in' } } satisfies { access: AccessRule };
export const ADMIN = { access: { kind: 'admin' } } satisfies { access: AccessRule };
export const GAME = { access: { kind: 'game' } } satisfies { access: AccessRule };

async function scopeFor(db: Db, request: FastifyRequest, rule: AccessRule): Promise<Scope | undefined> {
  switch (rule.kind) {
    case 'public':
    case 'game':
      return undefined;
    case 'signed-in':
      requireAuth(request);
      return undefined;
    case 'admin':
      return adminAccess(db, request);
    case 'permission':
      return resourceScope(db, request, rule.resource, rule.action);
  }
}

/**
 * The caller's scope for an action on a resource: its permission, and the product when it is a
 * game's. A dimensioned resource's permission is its value's (`?platform=`): 400001 on that field
 * when the query names none or an unknown one.
 */
export async function resourceScope(
  db: Db,
  request: FastifyRequest,
  resource: AccessResource,
  action: ResourceAction,
): Promise<Scope> {
  const dimension = resource.dimension?.name;
  const value = dimension
    ? ((request.query as Record<string, unknown> | undefined)?.[dimension] ?? resource.dimension?.default)
    : undefined;
  // An optional dimension without a value: the resource's own page (across every value).
  const across = value === undefined && resource.dimension?.optional === true;
  const permissions = across ? resource.permissions : permissionsFor(resource, value);
  if (!permissions) {
    requireAuth(request);
    throw fieldError(requestLanguage(request), dimension!, value === undefined ? 'required' : 'invalid');
  }
  const see = permissions.see;
  // A resource of a page only admins see: the admin role, whatever the action.
  if (see === ADMIN_ROLE) return adminAccess(db, request);
  const scope =
    resource.scope === 'product'
      ? await productAccess(db, request, see, action)
      : await access(db, request, see, action);
  return dimension && !across ? { ...scope, dimension: { name: dimension, value: value as string } } : scope;
}

/**
 * Enforces every route's `config.access` before its handler: signs the caller in (unless the route
 * is public or for games, or the module's own hook already did) and checks the rule.
 */
export function enforceRouteAccess(
  app: FastifyInstance,
  db: Db,
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const rule = request.routeOptions.config.access;
    if (rule && rule.kind !== 'public' && rule.kind !== 'game' && !request.auth)
      await authenticate(request, reply);
  });
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule) return;
    const scope = await scopeFor(db, request, rule);
    if (scope) request.scope = scope;
  });
}

/** The scope the route's access rule established (its handler runs only once it did). */
export function scopeOf(request: FastifyRequest): Scope {
  if (!request.scope) throw new Error(`route ${request.routeOptions.url} declares no resource access`);
  return request.scope;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Routes under /api registered without `config.access` (a test requires none). */
    undeclaredAccess: string[];
  }
}

/** Whether a rule asks for the product of `X-Product-Id` (a game's resource; admin-only pages do not). */
export const needsProduct = (rule: AccessRule | undefined): boolean =>
  rule?.kind === 'permission' &&
  rule.resource.scope === 'product' &&
  rule.resource.permissions.see !== ADMIN_ROLE;

/**
 * Records every route under `/api` registered without an access rule, as it is added: a test
 * enumerates them (lib/route-access.test.ts) and fails on any. A route whose rule needs the product
 * documents `X-Product-Id` (OpenAPI) from the same rule, so the document cannot forget one.
 */
export function trackDeclaredAccess(app: FastifyInstance): void {
  const undeclared: string[] = [];
  app.decorate('undeclaredAccess', undeclared);
  app.addHook('onRoute', (route) => {
    const api = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    const rule = (route.config as { access?: AccessRule } | undefined)?.access;
    if (api && !rule) undeclared.push(`${String(route.method)} ${route.url}`);
    if (needsProduct(rule)) route.schema = { ...route.schema, headers: productHeaders };
  });
}
