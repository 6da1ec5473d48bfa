import type { FastifyInstance } from 'fastify';
import type { Resource } from '@rx/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the list and export routes the resource reads register (`resource-routes.ts`, `table-io.ts`). */
    resourceRead?: string;
  }
  interface FastifyInstance {
    /** List and export routes under /api not served by the resource reads (a test holds them to an allow-list). */
    handWrittenLists: string[];
  }
}

/** Route options' `config` marking a list or export route as the resource reads' own. */
export const resourceRead = (name: string) => ({ resourceRead: name });

/** Whether a route's query schema (zod or JSON schema) is a list's: it pages (`page_size`). */
function pages(querystring: unknown): boolean {
  const schema = querystring as { shape?: object; properties?: object } | undefined;
  const fields = schema?.shape ?? schema?.properties;
  return !!fields && Object.hasOwn(fields, 'page_size');
}

/**
 * Records every list (a GET whose query pages) and export (`…/export`) route under /api that the
 * resource reads did not register: lists are served by `standardRoutes`/`queryRoutes`, exports by
 * `tableRoutes`, so a hand-written one cannot be added silently (lib/list-routes.test.ts).
 */
export function trackHandWrittenLists(app: FastifyInstance): void {
  const found: string[] = [];
  app.decorate('handWrittenLists', found);
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method as string | string[]);
    if (!methods.includes('GET') || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs'))
      return;
    if ((route.config as { resourceRead?: string } | undefined)?.resourceRead) return;
    const list = pages((route.schema as { querystring?: unknown } | undefined)?.querystring);
    if (list || route.url.endsWith('/export')) found.push(route.url);
  });
}

/** What a list declares of its query: its name, the query (and export), its filters and sorts. */
export type ListDeclaration = Pick<Resource, 'list' | 'export' | 'filters' | 'sorts'> & { name: string };

/**
 * Checks a resource's declared filters and sorts against its queries, at start-up: each filter is a
 * field of the list query (and of the export query, when it exports), each sort is a value the
 * list's `sort` accepts, and, given the columns the reads sort by, each sort has exactly one.
 * A mistake throws, naming the resource, so the server does not start and its tests fail.
 */
export function checkListDeclaration(resource: ListDeclaration, sortBy?: Record<string, unknown>): void {
  const problems: string[] = [];
  const shapeOf = (schema: unknown) => (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  const list = shapeOf(resource.list);
  if (!list) problems.push('its list query is not an object');
  const exported = resource.export ? shapeOf(resource.export) : undefined;
  for (const filter of resource.filters) {
    if (list && !Object.hasOwn(list, filter))
      problems.push(`filter ${filter} is not a field of its list query`);
    if (exported && !Object.hasOwn(exported, filter))
      problems.push(`filter ${filter} is not a field of its export query`);
  }
  const sortField = list?.sort as { unwrap?: () => { options?: readonly string[] } } | undefined;
  const accepted = sortField?.unwrap?.().options;
  if (sortField && !accepted) problems.push('its list query has no sort of the declared fields');
  for (const sort of resource.sorts) {
    if (accepted && !accepted.includes(sort))
      problems.push(`sort ${sort} is not a value its list's sort accepts`);
    if (sortBy && !Object.hasOwn(sortBy, sort)) problems.push(`sort ${sort} has no column to order by`);
  }
  // A list without `sort` has one fixed order: it declares that one.
  if (!sortField && resource.sorts.length > 1)
    problems.push('its list query has no sort of the declared fields');
  for (const field of Object.keys(sortBy ?? {}))
    if (!resource.sorts.includes(field)) problems.push(`sort column ${field} is not a declared sort`);
  if (problems.length) throw new Error(`${resource.name}: ${problems.join('; ')}`);
  listQueries.add(resource.list);
}

/** The list queries declared (`checkListDeclaration`): filters, sorts and paging, nothing else. */
const listQueries = new WeakSet<object>();

/** Whether a route's query schema is a declared list query's (its validation may be remembered). */
export function isListQuery(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && listQueries.has(schema);
}

/** Validated list queries kept per route; beyond it the route starts again. */
const QUERIES_PER_ROUTE = 500;

/**
 * A list query's validation remembered by the query's text: a console asks for the same pages again
 * and again, and parsing a list's filters was a tenth of a page's work. A list query's value depends
 * on its text alone (no clock, no database); a refused query is checked every time, and each request
 * gets its own copy of the value.
 */
export function rememberedQuery<E>(
  validate: (data: unknown) => { value: unknown } | { error: E },
): (data: unknown) => { value: unknown } | { error: E } {
  const known = new Map<string, Record<string, unknown>>();
  const copy = (value: Record<string, unknown>) => {
    const own: Record<string, unknown> = {};
    for (const key in value) {
      const field = value[key];
      own[key] = Array.isArray(field) ? [...(field as unknown[])] : field;
    }
    return own;
  };
  return (data) => {
    const text = JSON.stringify(data);
    const hit = known.get(text);
    if (hit) return { value: copy(hit) };
    const result = validate(data);
    if (!('value' in result) || typeof result.value !== 'object' || result.value === null) return result;
    if (known.size >= QUERIES_PER_ROUTE) known.clear();
    known.set(text, result.value as Record<string, unknown>);
    return { value: copy(result.value as Record<string, unknown>) };
  };
}
