import { describe, expect, it } from 'vitest';
import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Prop } from '@rx/contracts';
import { body, useTestApp } from '../../test/index.ts';
import { props } from '../modules/props/tables.ts';
import { columnsWithout, listRows, listStatementsMade, rowsAfter } from './list.ts';

const t = useTestApp();

type List = { list: Prop[]; total: number };
const page = (query: string) => t.admin.get(`/api/v1/props?${query}`).then((res) => body<List>(res).data);

describe('list pages: one statement per query shape', () => {
  it('builds a statement for a new shape and reuses it for the same shape with other values', async () => {
    const first = await page('type=material&sort=code&page_size=3');
    const made = listStatementsMade();
    // The same shape with another value and another page: no new statement, the right rows.
    const equipment = await page('type=equipment&sort=code&page_size=2&page=2');
    expect(listStatementsMade()).toBe(made);
    const db = t.database.db;
    const all = await db
      .select({ code: props.code, type: props.type })
      .from(props)
      .where(eq(props.productId, t.productId))
      .orderBy(asc(props.code), asc(props.id));
    const codes = (type: string) => all.filter((p) => p.type === type).map((p) => p.code);
    expect(first.list.map((p) => p.code)).toEqual(codes('material').slice(0, 3));
    expect(first.total).toBe(codes('material').length);
    expect(equipment.list.map((p) => p.code)).toEqual(codes('equipment').slice(2, 4));
    expect(equipment.total).toBe(codes('equipment').length);
    expect(equipment.list.every((p) => p.type === 'equipment')).toBe(true);
  });

  it('never lets different filters, sorts or directions share a statement', async () => {
    await page('type=material&sort=code');
    let made = listStatementsMade();
    for (const query of [
      'rarity=rare&sort=code',
      'type=material&rarity=rare&sort=code',
      'type=material&sort=-code',
      'type=material&sort=name',
    ]) {
      const answer = await page(query);
      expect(listStatementsMade(), query).toBe(made + 1);
      made = listStatementsMade();
      // A second request of that shape reuses its statement.
      expect(await page(query)).toEqual(answer);
      expect(listStatementsMade(), query).toBe(made);
    }
    const descending = await page('type=material&sort=-code');
    const ascending = await page('type=material&sort=code&page_size=100');
    expect(descending.list.map((p) => p.code)).toEqual(
      ascending.list
        .map((p) => p.code)
        .reverse()
        .slice(0, descending.list.length),
    );
  });

  it('answers as a page built each time would: rows, total, past the last page, no conditions', async () => {
    const db = t.database.db;
    const where = and(eq(props.productId, t.productId), eq(props.status, 'active'));
    const asItems = <R>(rows: R[]) => rows;
    const newestFirst = [desc(props.updatedAt), desc(props.id)];
    const secondPage = { page: 2, page_size: 5 };
    const direct = await db
      .select()
      .from(props)
      .where(where)
      .orderBy(...newestFirst)
      .limit(5)
      .offset(5);
    const listed = await listRows(db, props, where, newestFirst, secondPage, asItems);
    expect(listed.list).toEqual(direct);
    const past = await listRows(db, props, where, [asc(props.id)], { page: 1000, page_size: 5 }, asItems);
    expect(past.list).toEqual([]);
    expect(past.total).toBe(listed.total);
    const everything = await listRows(
      db,
      props,
      undefined,
      [asc(props.id)],
      { page: 1, page_size: 1 },
      asItems,
    );
    expect(everything.total).toBe(await t.rowCount(props));
    // Chosen columns are another shape than every column.
    const made = listStatementsMade();
    const codes = await listRows(db, props, where, newestFirst, secondPage, asItems, { code: props.code });
    expect(listStatementsMade()).toBe(made + 1);
    expect(codes.list).toEqual(direct.map((p) => ({ code: p.code })));
  });
});

describe('list columns: a list reads only what its answer returns', () => {
  it('names every column of the table but the internal ones, and refuses a name that is none', () => {
    const columns = columnsWithout(props, ['cpId', 'searchText']);
    expect(Object.keys(columns)).not.toContain('cpId');
    expect(Object.keys(columns)).not.toContain('searchText');
    expect(Object.keys(columns)).toContain('name');
    expect(Object.keys(columns)).toHaveLength(Object.keys(getTableColumns(props)).length - 2);
    expect(() => columnsWithout(props, ['nope' as 'code'])).toThrow('props has no column nope');
  });

  it('pages and batches rows without the internal columns, the rest as read in full', async () => {
    const db = t.database.db;
    const where = eq(props.productId, t.productId);
    const columns = columnsWithout(props, ['cpId', 'searchText']);
    const full = await db.select().from(props).where(where).orderBy(asc(props.id)).limit(4);
    const withoutInternal = full.map(({ cpId: _, searchText: __, ...rest }) => rest);
    const listed = await listRows(
      db,
      props,
      where,
      [asc(props.id)],
      { page: 1, page_size: 4 },
      (r) => r,
      columns,
    );
    expect(listed.list).toEqual(withoutInternal);
    const batch = await rowsAfter(db, props, where, full[0]!.id, 3, columns);
    expect(batch).toEqual(withoutInternal.slice(1));
  });

  it("answers the props list's items as their own reads do, with no internal field", async () => {
    const listed = await page('sort=id&page_size=5');
    expect(listed.list.length).toBeGreaterThan(0);
    for (const item of listed.list) {
      expect(item).not.toHaveProperty('search_text');
      expect(item).not.toHaveProperty('cp_id');
      expect(body<Prop>(await t.admin.get(`/api/v1/props/${item.id}`)).data).toEqual(item);
    }
  });
});
