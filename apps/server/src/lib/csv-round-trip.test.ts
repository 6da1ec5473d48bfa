import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportAnswer } from '@rx/contracts';
import { body, type Client, sheetOf, useTestApp } from '../../test/index.ts';
import { importProps, propsAdmin, propsNamed } from '../../test/prop-sheets.ts';

// A CSV export imports back exactly, while texts a spreadsheet would run stay inert (defect 12).

const t = useTestApp({ as: null });
let api: Client;
beforeAll(async () => {
  ({ api } = await propsAdmin(t));
});

describe('formula escapes round-trip exactly (defect 12)', () => {
  it('exports texts starting with a formula character or an apostrophe escaped and imports them unchanged', async () => {
    const values = ['=x', "'=x", "''=x", '-5', '+1', '@a', "'plain", '=1+1', "'"];
    const codes = values.map((_, i) => `formula_${i}`);
    for (const [i, value] of values.entries()) {
      const res = await api.post('/api/v1/props', {
        code: codes[i],
        name: { zh: value, en: value },
        type: 'material',
        rarity: 'common',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const csv = await api.get('/api/v1/props/export?format=csv&q=formula_');
    const raw = csv.body;
    // What a spreadsheet sees: each of these starts with an apostrophe, no formula runs.
    for (const escaped of ["'=x", "''=x", "'''=x", "'+1", "'@a", "''plain", "'=1+1"]) {
      expect(raw).toContain(`,${escaped},`);
    }
    expect(raw).toContain(',-5,');
    const exported = await sheetOf(csv);
    const zh = exported[0]!.indexOf('name.zh');
    expect(
      exported
        .slice(1)
        .map((cells) => cells[zh])
        .sort(),
    ).toEqual([...values].sort());

    const dry = body<ImportAnswer>(await importProps(api, '?dry_run=1', csv.rawPayload));
    expect(dry).toMatchObject({ code: 0, data: { create: [], update: [], errors: [] } });
    expect(dry.data.unchanged).toBe(values.length);
    // Applying it changes nothing either.
    expect(body<ImportAnswer>(await importProps(api, '', csv.rawPayload)).data.update).toEqual([]);
    const stored = await propsNamed(t, codes);
    expect(stored.map((p) => p.name.zh).sort()).toEqual([...values].sort());
  });
});
