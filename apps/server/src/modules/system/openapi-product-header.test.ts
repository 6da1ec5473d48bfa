import { describe, expect, it } from 'vitest';
import { PRODUCT_HEADER } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';

/**
 * The OpenAPI document names `X-Product-Id` on every operation that needs it. Walks the document:
 * each GET under /api/v1 is called by an admin without the header (path ids set to 1); one that
 * answers "product_id required" must list the header among its parameters.
 */
const t = useTestApp();

interface Operation {
  parameters?: { in: string; name: string; required?: boolean }[];
}

describe('OpenAPI document', () => {
  it('documents X-Product-Id on every route that requires it', { timeout: 240_000 }, async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const needing: string[] = [];
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const get = operations.get;
      if (!get || !path.startsWith('/api/v1/') || path.includes('/live')) continue;
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${t.user.access_token}`, 'accept-language': 'en' },
      });
      const fields =
        res.statusCode === 400 ? body<{ fields?: Record<string, string> }>(res).data?.fields : undefined;
      if (!fields || !('product_id' in fields)) continue;
      needing.push(path);
      const documented = (get.parameters ?? []).some((p) => p.in === 'header' && p.name === PRODUCT_HEADER);
      if (!documented) undocumented.push(path);
    }
    // The walk found the product-scoped families (props, channels, social access…).
    expect(needing.length).toBeGreaterThan(40);
    expect(undocumented).toEqual([]);
  });
});
