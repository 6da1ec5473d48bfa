import { and, eq, inArray } from 'drizzle-orm';
import { csvLine } from '../src/lib/csv.ts';
import { props } from '../src/modules/props/tables.ts';
import { client, productIdOf, type Client } from './api.ts';
import { signInAs, type TestContext } from './helpers.ts';
import { PROP_HEADER } from './prop-header.ts';

/** Import files of game props: the shared import code's API tests go through this resource. */

export { PROP_HEADER };

/** One prop row: a code and its Chinese name, the rest valid defaults unless given. */
export function propRow(code: string, zh: string, more: Record<string, string> = {}): string[] {
  const cells: Record<string, string> = {
    code,
    'name.zh': zh,
    type: 'material',
    rarity: 'common',
    stack_limit: '10',
    expiry_days: '0',
    ...more,
  };
  return PROP_HEADER.map((column) => cells[column] ?? '');
}

export const propsCsv = (rows: string[][]): string =>
  '\uFEFF' + [PROP_HEADER, ...rows].map((cells) => csvLine(cells)).join('');

/** The demo admin on the demo game `xianxia`, with the token for direct `inject` calls. */
export async function propsAdmin(t: TestContext): Promise<{ api: Client; token: string; productId: number }> {
  const productId = await productIdOf(t, 'xianxia');
  const token = (await signInAs(t.app, 'admin')).user.access_token;
  return { api: client(t, token, productId), token, productId };
}

/** Posts a file to the props import with the query given (`?dry_run=1`…). */
export const importProps = (api: Client, query: string, file: Buffer | string, type = 'text/csv') =>
  api.upload(`/api/v1/props/import${query}`, file, type);

/** The domestic demo game's props with these codes, as stored. */
export async function propsNamed(t: TestContext, codes: string[]) {
  return t.database.db
    .select()
    .from(props)
    .where(and(eq(props.productId, await productIdOf(t, 'xianxia')), inArray(props.code, codes)));
}
