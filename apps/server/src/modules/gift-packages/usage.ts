import { sql, type SQL } from 'drizzle-orm';
import { giftPackages } from './tables.ts';

/** Gift packages whose contents name the prop: the test for "a prop in use" and the list's prop filter. */
export function containsProp(propId: number): SQL {
  return sql`${giftPackages.contents} @> ${JSON.stringify([{ prop_id: propId }])}::jsonb`;
}
