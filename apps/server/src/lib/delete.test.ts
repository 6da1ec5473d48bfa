import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { GiftPackage, Prop } from '@rx/contracts';
import { useTestApp } from '../../test/index.ts';
import { body, logsOf, productIdOf } from '../../test/api.ts';
import { props } from '../modules/props/tables.ts';

const t = useTestApp();
const gn = t.admin;

const PARALLEL = 20;

/** The same DELETE sent PARALLEL times at once: the body codes, sorted. */
async function deleteInParallel(url: string): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: PARALLEL }, () => gn.del(url)));
  return answers.map((res) => body(res).code).sort((a, b) => a - b);
}

const newProp = async (code: string) =>
  body<Prop>(await gn.post('/api/v1/props', { code, name: { zh: code }, type: 'material', rarity: 'common' }))
    .data;

describe('concurrent deletes', () => {
  it('delete a prop once: one success, the rest 404001, one log entry', async () => {
    const prop = await newProp(`race_prop_${Date.now().toString(36)}`);
    expect(await deleteInParallel(`/api/v1/props/${prop.id}`)).toEqual([
      0,
      ...Array<number>(PARALLEL - 1).fill(404001),
    ]);
    const logs = await logsOf(t, 'prop', prop.id);
    expect(logs.filter((l) => l.action === 'delete')).toHaveLength(1);
  });

  it('delete a gift package once: one success, the rest 404001, one log entry', async () => {
    const xianxia = await productIdOf(t, 'xianxia');
    const [yuanbao] = await t.database.db
      .select()
      .from(props)
      .where(and(eq(props.code, 'yuanbao'), eq(props.productId, xianxia)));
    const gift = body<GiftPackage>(
      await gn.post('/api/v1/gift-packages', {
        name: { zh: `并发删除 ${Date.now()}` },
        contents: [{ prop_id: yuanbao!.id, quantity: 1 }],
      }),
    ).data;
    expect(await deleteInParallel(`/api/v1/gift-packages/${gift.id}`)).toEqual([
      0,
      ...Array<number>(PARALLEL - 1).fill(404001),
    ]);
    const logs = await logsOf(t, 'gift_package', gift.id);
    expect(logs.filter((l) => l.action === 'delete')).toHaveLength(1);
  });

  it('disable a prop in use once: every caller hears 422001, one log entry, one version step', async () => {
    const prop = await newProp(`race_used_${Date.now().toString(36)}`);
    const gift = await gn.post('/api/v1/gift-packages', {
      name: { zh: `占用 ${prop.code}` },
      contents: [{ prop_id: prop.id, quantity: 1 }],
    });
    expect(gift.statusCode, gift.body).toBe(200);
    expect(await deleteInParallel(`/api/v1/props/${prop.id}`)).toEqual(Array<number>(PARALLEL).fill(422001));
    const logs = await logsOf(t, 'prop', prop.id);
    expect(logs.filter((l) => l.action === 'disable')).toHaveLength(1);
    const after = body<Prop>(await gn.get(`/api/v1/props/${prop.id}`)).data;
    expect(after).toMatchObject({ status: 'disabled', version: prop.version + 1 });
  });
});
