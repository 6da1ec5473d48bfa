import { and, count, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ADMIN_ROLE } from '@rx/contracts';
import { cps, operationLogs, products, rolePermissions, roles, userRoles, users } from '../src/db/schema.ts';
import { channels } from '../src/db/tables.ts';
import { giftPackages } from '../src/modules/gift-packages/tables.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { parseCsv } from '../src/lib/csv.ts';
import { readXlsx } from '../src/lib/xlsx-read.ts';
import { DEMO_PASSWORD, bearer, body, signInAs, type TestContext } from './helpers.ts';

/** Calls of one staff member (and one product, for product-scoped resources) through `app.inject`. */
export function client(t: TestContext, token: string, productId?: number) {
  const headers = (extra: Record<string, string> = {}) => ({
    ...bearer(token),
    ...(productId ? { 'x-product-id': String(productId) } : {}),
    ...extra,
  });
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: headers() }),
    post: (url: string, payload?: unknown) =>
      t.app.inject({ method: 'POST', url, headers: headers(), payload: payload as object }),
    put: (url: string, payload: unknown) =>
      t.app.inject({ method: 'PUT', url, headers: headers(), payload: payload as object }),
    del: (url: string) => t.app.inject({ method: 'DELETE', url, headers: headers() }),
    /** Posts a file as the raw body. */
    upload: (url: string, file: Buffer | string, contentType = 'text/csv') =>
      t.app.inject({ method: 'POST', url, headers: headers({ 'content-type': contentType }), payload: file }),
  };
}
export type Client = ReturnType<typeof client>;

export async function signIn(t: TestContext, username: string, productCode?: string): Promise<Client> {
  const { user } = await signInAs(t.app, username);
  return client(t, user.access_token, productCode ? await productIdOf(t, productCode) : undefined);
}

export async function productIdOf(t: TestContext, code: string): Promise<number> {
  const [row] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.code, code));
  if (!row) throw new Error(`no product ${code}`);
  return row.id;
}

/** The id of the channel `code` of the game `productCode`. */
export async function channelIdOf(t: TestContext, productCode: string, code: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.productId, await productIdOf(t, productCode)), eq(channels.code, code)));
  if (!row) throw new Error(`no channel ${code} in ${productCode}`);
  return row.id;
}

let staffCounter = 0;

/** A new staff member `<prefix>_…` of the CP of the demo staff member `cpOf`, holding the role `role` picks in that CP. */
async function newStaff(
  t: TestContext,
  cpOf: string,
  prefix: string,
  role: (cpId: number, name: string) => Promise<number>,
): Promise<string> {
  const { db } = t.database;
  const [owner] = await db.select({ cpId: users.cpId }).from(users).where(eq(users.username, cpOf));
  const name = `${prefix}_${++staffCounter}_${Date.now().toString(36)}`;
  const roleId = await role(owner!.cpId, name);
  const [user] = await db
    .insert(users)
    .values({
      cpId: owner!.cpId,
      username: name,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      isModifiedPassword: 1,
    })
    .returning();
  await db.insert(userRoles).values({ userId: user!.id, roleId });
  return name;
}

/** A new staff member of the demo CP of `admin` (or of `ops_hw`'s) holding exactly `permissions`. */
export async function staffWith(t: TestContext, permissions: string[], cpOf = 'admin'): Promise<string> {
  const { db } = t.database;
  return newStaff(t, cpOf, 'perm', async (cpId, name) => {
    const [role] = await db.insert(roles).values({ cpId, identifier: name, name }).returning();
    if (permissions.length) {
      await db
        .insert(rolePermissions)
        .values(permissions.map((resource) => ({ roleId: role!.id, resource })));
    }
    return role!.id;
  });
}

/** A new admin of the CP of `cpOf` (the demo overseas CP has none). */
export async function adminOf(t: TestContext, cpOf: string): Promise<string> {
  const { db } = t.database;
  return newStaff(t, cpOf, 'admin', async (cpId) => {
    const [role] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.cpId, cpId), eq(roles.identifier, ADMIN_ROLE)));
    return role!.id;
  });
}

export async function rowCount(t: TestContext, table: PgTable): Promise<number> {
  return (await t.database.db.select({ n: count() }).from(table))[0]!.n;
}

/** The latest operation-log entries about one target. */
export async function logsOf(t: TestContext, targetType: string, targetId: number | string) {
  return t.database.db
    .select()
    .from(operationLogs)
    .where(and(eq(operationLogs.targetType, targetType), eq(operationLogs.targetId, String(targetId))))
    .orderBy(desc(operationLogs.id));
}

/** The rows of an exported file, either format. */
export async function sheetOf(res: LightMyRequestResponse): Promise<string[][]> {
  const raw = res.rawPayload;
  return raw.subarray(0, 2).toString('latin1') === 'PK'
    ? await readXlsx(raw)
    : parseCsv(raw.toString('utf8'));
}

/** Rows of a sheet as objects keyed by the header. */
export function records(rows: string[][]): Record<string, string>[] {
  const [header = [], ...rest] = rows;
  return rest.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
}

export { body, ADMIN_ROLE, cps };

const TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/**
 * The export → import round trip every resource passes: both formats import back as "all
 * unchanged"; a cell edited in the CSV shows as one update in the dry run (which writes nothing)
 * and is applied by the real run.
 */
export async function checkRoundTrip(
  api: Client,
  path: string,
  edit: { row: (record: Record<string, string>) => boolean; column: string; value: string },
): Promise<{ id: number }> {
  const { expect } = await import('vitest');
  const { csvLine } = await import('../src/lib/csv.ts');
  let exported: string[][] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    const res = await api.get(`${path}/export?format=${format}`);
    expect(res.statusCode, res.body).toBe(200);
    exported = await sheetOf(res);
    expect(exported.length).toBeGreaterThan(1);
    const dry = await api.upload(`${path}/import?dry_run=1`, res.rawPayload, TYPES[format]);
    expect(body(dry).data, dry.body).toMatchObject({ dry_run: true, create: [], update: [], errors: [] });
    expect(body<{ unchanged: number }>(dry).data.unchanged).toBe(exported.length - 1);
  }
  const [header, ...rows] = exported;
  const column = header!.indexOf(edit.column);
  const index = records(exported).findIndex(edit.row);
  expect(column).toBeGreaterThanOrEqual(0);
  expect(index).toBeGreaterThanOrEqual(0);
  const edited = rows.map((cells, i) =>
    i === index ? cells.map((c, j) => (j === column ? edit.value : c)) : cells,
  );
  const csv = '\uFEFF' + [header!, ...edited].map((cells) => csvLine(cells)).join('');
  const id = Number(rows[index]![header!.indexOf('id')]);

  const dry = await api.upload(`${path}/import?dry_run=1`, csv);
  const diff = body<{ update: { id: number; changes: Record<string, { to: string }> }[]; unchanged: number }>(
    dry,
  ).data;
  expect(diff.update, dry.body).toHaveLength(1);
  expect(diff.update[0]!.id).toBe(id);
  expect(diff.update[0]!.changes[edit.column]!.to).toBe(edit.value);
  expect(diff.unchanged).toBe(rows.length - 1);
  const before = await api.get(`${path}/${id}`);
  expect(JSON.stringify(body(before).data)).not.toContain(JSON.stringify(edit.value));

  const commit = await api.upload(`${path}/import`, csv);
  expect(commit.statusCode, commit.body).toBe(200);
  expect(body(commit).data).toMatchObject({ dry_run: false, update: [{ id }], errors: [] });
  const again = await api.upload(`${path}/import?dry_run=1`, csv);
  expect(body(again).data).toMatchObject({ update: [], unchanged: rows.length });
  return { id };
}

/** The gift package of the file's game named `zh` in Chinese (a demo one, e.g. 维护补偿). */
export async function giftPackageNamed(t: TestContext & { productId: number }, zh: string) {
  const rows = await t.database.db.select().from(giftPackages).where(eq(giftPackages.productId, t.productId));
  const gift = rows.find((g) => g.name.zh === zh);
  if (!gift) throw new Error(`no gift package ${zh}`);
  return gift;
}
