import { setImmediate as nextLoop } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportAnswer } from '@rx/contracts';
import { useTestApp } from '../../test/index.ts';
import { bearer, body } from '../../test/helpers.ts';
import { propRow, propsAdmin, propsCsv } from '../../test/prop-sheets.ts';

const t = useTestApp({ as: null });
let token: string;
let productId: number;
beforeAll(async () => {
  ({ token, productId } = await propsAdmin(t));
});

describe('a long import (defect 4)', () => {
  it('lets /healthz through while it runs', { timeout: 300_000 }, async () => {
    const rows = Array.from({ length: 400 }, (_, i) => propRow(`slow_${i}`, `慢 ${i}`));
    const importing = t.app
      .inject({
        method: 'POST',
        url: '/api/v1/props/import?dry_run=1',
        headers: { ...bearer(token), 'x-product-id': String(productId), 'content-type': 'text/csv' },
        payload: propsCsv(rows),
      })
      .then((res) => ({ who: 'import', res }));
    // Let the import get under way. Unless it yields, these turns of the event loop (and the
    // /healthz after them) only come once it has finished.
    for (let i = 0; i < 10; i++) await nextLoop();
    const health = t.app.inject('/healthz').then((res) => ({ who: 'healthz', res }));
    const first = await Promise.race([importing, health]);
    expect(first.who).toBe('healthz');
    expect(first.res.statusCode).toBe(200);
    const done = await importing;
    expect(body<ImportAnswer>(done.res).data.create).toHaveLength(rows.length);
  });
});
