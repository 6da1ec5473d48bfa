import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '@rx/contracts';
import { defineResource, listQuery, exportQuery, type Resource } from '@rx/contracts';
import { buildApp } from '../app.ts';
import { emptyDatabase } from '../../test/index.ts';
import { holidays } from '../modules/holidays/tables.ts';
import {
  checkListDeclaration,
  isListQuery,
  rememberedQuery,
  resourceRead,
  trackHandWrittenLists,
} from './list-routes.ts';
import { resourceReads } from './resource-routes.ts';
import { PUBLIC } from './route-access.ts';

/**
 * The list and export routes not (yet) served by the resource reads. Adding one here is a decision
 * to review: a new list belongs in `standardRoutes`/`queryRoutes`, a new export in `tableRoutes`.
 */
const HAND_WRITTEN_LISTS: readonly string[] = [
  // A report (conversations per day and type), not rows with ids to read in keyset batches.
  '/api/v1/cs/classification-stats/export',
  // A report (each campaign's reported days summed, with its mapped revenue), paged over the sums.
  '/api/v1/ad-reports/campaigns',
  // One violator's detail; only its event timeline pages (the answer is not a list page).
  '/api/v1/violations/players/:openid',
  // One player's profile cards (issue 27): their inbox and their redemptions, five at a time in a
  // fixed order, with no filter, sort or export — parts of one player's detail, like the timeline.
  '/api/v1/players/:openid/mails',
  '/api/v1/players/:openid/redemptions',
];

const resources = Object.entries(contracts).filter(
  (entry): entry is [string, Resource] =>
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    'sorts' in entry[1] &&
    'filters' in entry[1] &&
    'permissions' in entry[1],
);

/** A resource like holidays, with one declaration changed. */
const holidayLike = (change: Partial<Pick<Resource, 'filters' | 'sorts'>>) =>
  defineResource({
    ...contracts.holidaysResource,
    list: listQuery(['region', 'id'], { region: z.string().optional() }),
    export: exportQuery({ region: z.string().optional() }),
    filters: ['region'],
    sorts: ['region', 'id'],
    ...change,
  } as unknown as typeof contracts.holidaysResource) as unknown as Resource;

describe('one list stack', () => {
  it("every resource's declared filters are fields of its queries and its sorts values its sort accepts", () => {
    expect(resources.length).toBeGreaterThan(50);
    for (const [, resource] of resources) expect(() => checkListDeclaration(resource)).not.toThrow();
  });

  it('a resource declaring an unknown filter or sort, or a sort without a column, fails at start-up', () => {
    expect(() => checkListDeclaration(holidayLike({}))).not.toThrow();
    expect(() => checkListDeclaration(holidayLike({ filters: ['region', 'colour'] }))).toThrow(
      /filter colour is not a field of its list query/,
    );
    expect(() => checkListDeclaration(holidayLike({ sorts: ['region', 'name'] }))).toThrow(
      /sort name is not a value its list's sort accepts/,
    );
    const reads = (resource: Resource) =>
      resourceReads(resource, { table: holidays, items: (_db, rows) => rows, where: () => [] });
    expect(() => reads(holidayLike({}))).not.toThrow();
    // Declared and accepted by the query, but the table has no column of that name.
    const noColumn = defineResource({
      ...contracts.holidaysResource,
      list: listQuery(['region', 'colour'], {}),
      filters: [],
      sorts: ['region', 'colour'],
    } as unknown as typeof contracts.holidaysResource) as unknown as Resource;
    expect(() => reads(noColumn)).toThrow(/colour/);
  });

  it('finds a list or export route added by hand', async () => {
    const app = Fastify();
    trackHandWrittenLists(app);
    const paged = {
      type: 'object',
      properties: { page: { type: 'integer' }, page_size: { type: 'integer' } },
    };
    const options = (config = {}) => ({ config: { ...PUBLIC, ...config }, schema: { querystring: paged } });
    app.get('/api/v1/served', options(resourceRead('served')), async () => 'ok');
    app.get('/api/v1/by-hand', options(), async () => 'oops');
    app.get('/api/v1/by-hand/export', { config: PUBLIC }, async () => 'oops');
    app.get('/api/v1/one/:id', { config: PUBLIC }, async () => 'not a list');
    await app.ready();
    expect(app.handWrittenLists).toEqual(['/api/v1/by-hand', '/api/v1/by-hand/export']);
    await app.close();
  });

  it('every list and export route the console registers is served by the resource reads, but the allowed', async () => {
    const database = await emptyDatabase();
    const app = await buildApp({ database, ssoSecret: 's', jwtSecret: 'j', logLevel: 'silent' });
    await app.ready();
    const found = [...new Set(app.handWrittenLists)].sort();
    await app.close();
    expect(found).toEqual([...HAND_WRITTEN_LISTS].sort());
    // Migrating a fresh embedded database takes long on a busy machine.
  }, 120_000);
});

describe('list queries: checked once per query text', () => {
  const query = z.object({ page: z.coerce.number().int().min(1), ids: z.array(z.string()).optional() });

  it('remembers a valid query by its text, each caller getting its own copy; a refused one is checked each time', () => {
    let parsed = 0;
    const validate = rememberedQuery((data) => {
      parsed++;
      const result = query.safeParse(data);
      return result.success ? { value: result.data } : { error: result.error };
    });
    const first = validate({ page: '2', ids: ['a'] }) as { value: { page: number; ids: string[] } };
    expect(first.value).toEqual({ page: 2, ids: ['a'] });
    first.value.ids.push('changed');
    first.value.page = 9;
    const second = validate({ page: '2', ids: ['a'] }) as { value: unknown };
    expect(second.value).toEqual({ page: 2, ids: ['a'] });
    expect(parsed).toBe(1);
    expect(validate({ page: '3' })).toEqual({ value: { page: 3 } });
    expect(parsed).toBe(2);
    expect('error' in validate({ page: '0' })).toBe(true);
    expect('error' in validate({ page: '0' })).toBe(true);
    expect(parsed).toBe(4);
  });

  it('only for the declared list queries', () => {
    const resource = defineResource({
      ...contracts.holidaysResource,
      list: listQuery(['region', 'id'], { region: z.string().optional() }),
      filters: ['region'],
      sorts: ['region', 'id'],
    } as unknown as typeof contracts.holidaysResource) as unknown as Resource;
    expect(isListQuery(resource.list)).toBe(false);
    checkListDeclaration(resource);
    expect(isListQuery(resource.list)).toBe(true);
    expect(isListQuery(query)).toBe(false);
  });
});
