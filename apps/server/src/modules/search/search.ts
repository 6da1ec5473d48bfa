import { sql } from 'drizzle-orm';
import {
  ADMIN_ROLE,
  codeBatchResource,
  playersResource,
  playerTicketsResource,
  productTicketsResource,
  staffResource,
  webOrdersResource,
  type Resource,
} from '@rx/contracts';
import { findPage } from '@rx/contracts/pages';
import { SEARCH_LIMIT, type GlobalSearchAnswer, type SearchHit, type SearchKind } from '@rx/contracts/search';
import type { Db } from '../../db/index.ts';
import type { UserGrants } from '../../lib/grants.ts';
import { queryRows } from '../../lib/rows.ts';

/** Who searches: their CP and its publish area, the game they are on (if any), what they hold. */
export interface Searcher {
  cpId: number;
  area: string;
  productId: number | null;
  grants: UserGrants;
}

/** Whether the caller may open a resource's page: its see permission, and the page's publish area. */
export function mayOpen(grants: UserGrants, area: string, resource: Pick<Resource, 'page' | 'permissions'>) {
  const region = findPage(resource.page)?.meta.rxRegion;
  if (region && region !== area) return false;
  const see = resource.permissions.see;
  return grants.isAdmin || (see !== ADMIN_ROLE && grants.permissions.has(see));
}

/** A LIKE prefix: the searched text with `%`, `_` and `\` taken literally. */
const prefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const PROFILE = `${playersResource.page}/userOption/`;
const withQuery = (page: string, key: string, value: string | number) =>
  `${page}?${new URLSearchParams({ [key]: String(value) }).toString()}`;

type Row = Record<string, string | number | null>;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Players of the game by openid (exact), role id (exact) or nickname (prefix), each through its
 * index (players_product_openid, player_roles_role_id, players_product_nickname).
 */
async function players(db: Db, productId: number, q: string): Promise<SearchHit[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select openid, nickname, matched from (
      (select p.openid, p.nickname, '' as matched, 0 as rank from players p
        where p.product_id = ${productId} and p.openid = ${q})
      union all
      (select p.openid, p.nickname, r.server || ' · ' || r.name || ' (' || r.role_id || ')', 1 from player_roles r
        join players p on p.id = r.player_id
        where r.product_id = ${productId} and r.role_id = ${q} limit ${SEARCH_LIMIT})
      union all
      (select p.openid, p.nickname, '', 2 from players p
        where p.product_id = ${productId} and lower(p.nickname) like ${prefix(q)}
        order by lower(p.nickname), p.id limit ${SEARCH_LIMIT})
    ) found order by rank limit ${SEARCH_LIMIT}`,
  );
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(text(row.openid)) && seen.add(text(row.openid)))
    .map((row) => ({
      kind: 'player',
      title: text(row.openid),
      detail: [text(row.nickname), text(row.matched)].filter(Boolean).join(' · '),
      path: PROFILE + encodeURIComponent(text(row.openid)),
    }));
}

/** A store order (to its player's profile) or a web-shop order (to the orders page), by number. */
async function orders(db: Db, searcher: Searcher & { productId: number }, q: string): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  if (mayOpen(searcher.grants, searcher.area, playersResource)) {
    const rows = await queryRows<Row>(
      db,
      sql`select o.order_no, p.openid from player_orders o
        join players p on p.id = o.player_id
        where o.product_id = ${searcher.productId} and o.order_no = ${q}`,
    );
    for (const row of rows)
      hits.push({
        kind: 'order',
        title: text(row.order_no),
        detail: text(row.openid),
        path: PROFILE + encodeURIComponent(text(row.openid)),
      });
  }
  if (mayOpen(searcher.grants, searcher.area, webOrdersResource)) {
    const rows = await queryRows<Row>(
      db,
      sql`select order_no, openid from web_orders
        where product_id = ${searcher.productId} and cp_id = ${searcher.cpId} and order_no = ${q}`,
    );
    for (const row of rows)
      hits.push({
        kind: 'order',
        title: text(row.order_no),
        detail: text(row.openid),
        path: withQuery(webOrdersResource.page, 'q', text(row.order_no)),
      });
  }
  return hits;
}

/** An exchange code of the game (its batch's page, found by the batch's name). */
async function codes(db: Db, searcher: Searcher & { productId: number }, q: string): Promise<SearchHit[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select c.code, b.name from codes c join code_batches b on b.id = c.batch_id
      where c.product_id = ${searcher.productId} and c.code in (${q}, ${q.toUpperCase()})
      and b.cp_id = ${searcher.cpId} limit ${SEARCH_LIMIT}`,
  );
  return rows.map((row) => ({
    kind: 'code',
    title: text(row.code),
    detail: text(row.name),
    path: withQuery(codeBatchResource.page, 'q', text(row.name)),
  }));
}

/** A ticket by its number, in the queue the caller may open (product or player feedback). */
async function tickets(db: Db, searcher: Searcher & { productId: number }, q: string): Promise<SearchHit[]> {
  const id = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : 0;
  if (!id) return [];
  const kinds = [
    ['product', productTicketsResource],
    ['player', playerTicketsResource],
  ] as const;
  const open = kinds.filter(([, resource]) => mayOpen(searcher.grants, searcher.area, resource));
  if (open.length === 0) return [];
  const rows = await queryRows<Row>(
    db,
    sql`select id, kind, openid from tickets
      where id = ${id} and product_id = ${searcher.productId} and cp_id = ${searcher.cpId}`,
  );
  return rows.flatMap((row) => {
    const page = open.find(([kind]) => kind === row.kind)?.[1].page;
    if (!page) return [];
    return [
      {
        kind: 'ticket' as const,
        title: `#${text(row.id)}`,
        detail: text(row.openid),
        path: withQuery(page, 'ticket', text(row.id)),
      },
    ];
  });
}

/** Staff of the caller's CP by username (prefix). */
async function staff(db: Db, searcher: Searcher, q: string): Promise<SearchHit[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select username from users
      where cp_id = ${searcher.cpId} and lower(username) like ${prefix(q)}
      order by lower(username) limit ${SEARCH_LIMIT}`,
  );
  return rows.map((row) => ({
    kind: 'staff',
    title: text(row.username),
    detail: '',
    path: withQuery(staffResource.page, 'q', text(row.username)),
  }));
}

/** The kinds this caller may search: those whose page they may open, game kinds only on a game. */
export function searchableKinds(searcher: Searcher): SearchKind[] {
  const { grants, area, productId } = searcher;
  const kinds: SearchKind[] = [];
  const onGame = productId !== null;
  if (onGame && mayOpen(grants, area, playersResource)) kinds.push('player');
  if (onGame && (mayOpen(grants, area, playersResource) || mayOpen(grants, area, webOrdersResource)))
    kinds.push('order');
  if (onGame && mayOpen(grants, area, codeBatchResource)) kinds.push('code');
  if (
    onGame &&
    (mayOpen(grants, area, productTicketsResource) || mayOpen(grants, area, playerTicketsResource))
  )
    kinds.push('ticket');
  if (mayOpen(grants, area, staffResource)) kinds.push('staff');
  return kinds;
}

/** Searches every kind the caller may see at once; each query is a short indexed lookup. */
export async function globalSearch(db: Db, searcher: Searcher, q: string): Promise<GlobalSearchAnswer> {
  const searched = searchableKinds(searcher);
  const game = searcher as Searcher & { productId: number };
  const run: Record<SearchKind, () => Promise<SearchHit[]>> = {
    player: () => players(db, game.productId, q),
    order: () => orders(db, game, q),
    code: () => codes(db, game, q),
    ticket: () => tickets(db, game, q),
    staff: () => staff(db, searcher, q),
  };
  const found = await Promise.all(searched.map((kind) => run[kind]()));
  return { hits: found.flat(), searched };
}
