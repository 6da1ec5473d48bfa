import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '@rx/contracts';
import { checkListDeclaration } from '../src/lib/list-routes.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { adminOf, body, checkRoundTrip, logsOf, signIn, staffWith, type Client } from './api.ts';

interface Row {
  id: number;
  version: number;
}

export interface ResourceCase {
  /** A valid create body, different for every `n` (unique codes and names). */
  sample(n: number): Record<string, unknown>;
  /** A change to a created row (without version). */
  change: Record<string, unknown>;
  /** A create body the schema refuses, and the field the 400001 names. */
  invalid: { body: Record<string, unknown>; field: string };
  /** The export/import round trip: which exported row to edit, a writable column and its new value. */
  roundTrip?: { column: string; value: string };
  /** The demo staff member and product the suite works as (default admin, the domestic demo game). */
  as?: { user: string; product: string };
  /** Another game of the same CP the scoping check looks at (default tankwar). */
  elsewhere?: string;
  /** Runs once the suite's app is up, before it signs in (e.g. to add the games it works in). */
  setup?: (t: TestContext) => Promise<void>;
}

/**
 * The behaviour every described resource shares, checked through HTTP: the REST shape, scoping by
 * CP (and product), 403001 per action, 400001, 409001 on a stale version, the operation log, delete,
 * and the export/import round trip. A resource's own test file holds only what is specific.
 */
export function describeResource(resource: Resource, c: ResourceCase): void {
  const path = `/api/v1/${resource.name}`;
  const user = c.as?.user ?? 'admin';
  const product = c.as?.product ?? 'xianxia';
  let t: TestContext;
  let api: Client;
  let n = 0;
  const create = async () => {
    const res = await api.post(path, c.sample(++n));
    expect(res.statusCode, res.body).toBe(200);
    return body<Row>(res).data;
  };
  const as = async (username: string, productCode = product) =>
    signIn(t, username, resource.scope === 'product' ? productCode : undefined);

  describe(`${resource.name} (the shared resource behaviour)`, () => {
    beforeAll(async () => {
      t = await createTestApp();
      await c.setup?.(t);
      api = await as(user);
    });
    afterAll(async () => {
      await t.app.close();
    });

    it('declares filters its list and export queries take and sorts its list accepts', () => {
      expect(() => checkListDeclaration(resource)).not.toThrow();
    });

    it('creates, reads, lists, updates with its version, refuses a stale one, and logs each write', async () => {
      const row = await create();
      // The create answer holds the row as GET shows it; it may say more (auto-replies' `warnings`).
      const got = body<Row>(await api.get(`${path}/${row.id}`)).data;
      expect(row).toMatchObject(got);
      const list = body<{ list: Row[]; total: number }>(
        await api.get(
          `${path}?page_size=100&sort=-${resource.sorts.includes('id') ? 'id' : resource.sorts[0]}`,
        ),
      ).data;
      expect(list.total).toBeGreaterThanOrEqual(1);
      const updated = await api.put(`${path}/${row.id}`, { ...c.change, version: row.version });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(body<Row>(updated).data.version).toBe(row.version + 1);
      const stale = await api.put(`${path}/${row.id}`, { ...c.change, version: row.version });
      expect(body(stale).code).toBe(409001);
      const logged = (await logsOf(t, resource.logTarget, row.id)).map((l) => l.action);
      expect(logged).toEqual(expect.arrayContaining(['create', 'update']));
    });

    it('sorts by each declared field both ways, filters by each declared filter, and refuses an unknown sort', async () => {
      const rows = [await create(), await create()];
      const listOf = async (query: string) => {
        const res = await api.get(`${path}?page_size=100&${query}`);
        expect(body(res).code, `${query}: ${res.body}`).toBe(0);
        return body<{ list: Array<Row & Record<string, unknown>>; total: number }>(res).data.list;
      };
      for (const field of resource.sorts) {
        for (const direction of ['', '-'] as const) {
          const list = await listOf(`sort=${direction}${field}`);
          // Numbers and times have one order whatever the collation; texts are only checked to answer.
          const values = list.map((r) => r[field]);
          const comparable = values.every((v) => typeof v === 'number' || isTime(v));
          if (!comparable) continue;
          const keys = values.map((v) => (typeof v === 'number' ? v : Date.parse(v as string)));
          const sorted = [...keys].sort((a, b) => (direction === '-' ? b - a : a - b));
          expect(keys, `sort=${direction}${field}`).toEqual(sorted);
        }
      }
      expect(body(await api.get(`${path}?sort=no_such_field`)).code).toBe(400001);
      const row = body<Record<string, unknown>>(await api.get(`${path}/${rows[1]!.id}`)).data;
      for (const filter of resource.filters) {
        const value = row[filter];
        if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
          // A filter that is not a field of the row (a keyword, a range): it must still be accepted.
          continue;
        }
        const found = await listOf(`${filter}=${encodeURIComponent(String(value))}`);
        expect(
          found.map((r) => r.id),
          `${filter}=${String(value)} finds the row that has it`,
        ).toContain(rows[1]!.id);
      }
    });

    it('refuses invalid input with 400001 on the field and writes nothing', async () => {
      const before = body<{ total: number }>(await api.get(path)).data.total;
      const res = await api.post(path, c.invalid.body);
      expect(res.statusCode, res.body).toBe(400);
      expect(body<{ fields: Record<string, string> }>(res).data.fields).toHaveProperty(c.invalid.field);
      expect(body<{ total: number }>(await api.get(path)).data.total).toBe(before);
      expect(body(await api.get(`${path}?page=2147483648`)).code).toBe(400001);
      expect(body(await api.get(`${path}/2147483648`)).code).toBe(400001);
    });

    it('needs the permission of each action (403001)', async () => {
      const row = await create();
      const { permissions: p } = resource;
      const nobody = await as(await staffWith(t, []));
      expect(body(await nobody.get(path)).code).toBe(403001);
      const viewer = await as(await staffWith(t, [p.see]));
      expect(body(await viewer.get(`${path}/${row.id}`)).code).toBe(0);
      expect(body(await viewer.post(path, c.sample(++n))).code).toBe(403001);
      expect(body(await viewer.put(`${path}/${row.id}`, { ...c.change, version: row.version })).code).toBe(
        403001,
      );
      if (resource.remove === 'delete') expect(body(await viewer.del(`${path}/${row.id}`)).code).toBe(403001);
      if (resource.export) expect(body(await viewer.get(`${path}/export`)).code).toBe(403001);
    });

    it("never shows another CP's rows (404001), nor another game's", async () => {
      const row = await create();
      const other = await signIn(
        t,
        await adminOf(t, 'ops_hw'),
        resource.scope === 'product' ? 'dawn' : undefined,
      );
      expect(body(await other.get(`${path}/${row.id}`)).code).toBe(404001);
      const theirs = body<{ list: Row[] }>(await other.get(`${path}?page_size=100`)).data.list;
      expect(theirs.map((r) => r.id)).not.toContain(row.id);
      if (resource.scope === 'product') {
        const elsewhere = await signIn(t, user, c.elsewhere ?? 'tankwar');
        expect(body(await elsewhere.get(`${path}/${row.id}`)).code).toBe(404001);
        expect(body(await elsewhere.get(path)).code).toBe(0);
        const notOurs = await signIn(t, user, 'dawn');
        expect(body(await notOurs.get(path)).code).toBe(403001);
      }
    });

    if (resource.remove === 'delete') {
      it('deletes a row nothing uses, once, and logs it', async () => {
        const row = await create();
        const res = await api.del(`${path}/${row.id}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(body(await api.get(`${path}/${row.id}`)).code).toBe(404001);
        expect(body(await api.del(`${path}/${row.id}`)).code).toBe(404001);
        expect((await logsOf(t, resource.logTarget, row.id)).map((l) => l.action)).toContain('delete');
      });
    }

    if (c.roundTrip && resource.export) {
      it('exports and imports back unchanged in CSV and XLSX, and applies an edited cell', async () => {
        const row = await create();
        const { column, value } = c.roundTrip!;
        await checkRoundTrip(api, path, { row: (r) => r.id === String(row.id), column, value });
      });
    }
  });
}

/** An ISO 8601 time as the API writes it (`2026-11-28T12:00:00.000Z`). */
function isTime(value: unknown): boolean {
  return (
    typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) && !Number.isNaN(Date.parse(value))
  );
}
