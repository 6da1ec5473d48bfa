import { describe, expect, it } from 'vitest';
import { body, useTestApp } from '../../../test/index.ts';

/**
 * Ids in the path, the query and the product header are canonical decimal integers: `" 1"`, `"1 "`,
 * `"\t1"` and `"01"` are refused with 400001 rather than read as row 1 (one row, many spellings).
 */
const t = useTestApp();

/** Other spellings of `id` that a lenient reader took for it. */
const spellings = (id: number) => [` ${id}`, `${id} `, `\t${id}`, `0${id}`, `+${id}`];

describe('canonical ids', () => {
  it('refuses other spellings of a path id, and reads the canonical one', async () => {
    const id = body<{ list: { id: number }[] }>(await t.admin.get('/api/v1/props')).data.list[0]!.id;
    expect((await t.admin.get(`/api/v1/props/${id}`)).statusCode).toBe(200);
    for (const spelling of spellings(id)) {
      const res = await t.admin.get(`/api/v1/props/${encodeURIComponent(spelling)}`);
      expect(res.statusCode, JSON.stringify(spelling)).toBe(400);
      expect(body(res)).toMatchObject({ code: 400001, data: { fields: { id: expect.any(String) } } });
    }
  });

  it('refuses other spellings of a query id and of page numbers', async () => {
    for (const spelling of spellings(1)) {
      const filter = await t.admin.get(`/api/v1/gift-packages?prop_id=${encodeURIComponent(spelling)}`);
      expect(filter.statusCode, JSON.stringify(spelling)).toBe(400);
      const page = await t.admin.get(`/api/v1/props?page=${encodeURIComponent(spelling)}`);
      expect(page.statusCode, JSON.stringify(spelling)).toBe(400);
    }
  });

  it('refuses other spellings of the product header', async () => {
    for (const spelling of spellings(t.productId)) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/props',
        headers: { authorization: `Bearer ${t.user.access_token}`, 'x-product-id': spelling },
      });
      expect(res.statusCode, JSON.stringify(spelling)).toBe(400);
      expect(body<{ fields: Record<string, string> }>(res).data.fields).toHaveProperty('product_id');
    }
  });
});
