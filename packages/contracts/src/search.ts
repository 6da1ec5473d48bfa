import { z } from 'zod';
import { safeText } from './fields.ts';

/**
 * The header's global search (`GET /api/v1/search?q=`): players (openid, role id, nickname), orders,
 * codes, tickets and staff, each only when the caller may open its page, within their CP and the
 * game of `X-Product-Id` (game data is searched only when the request names a game).
 */
export const SEARCH_KINDS = ['player', 'order', 'code', 'ticket', 'staff'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Hits per kind, at most. */
export const SEARCH_LIMIT = 5;

export const globalSearchQuery = z.object({ q: safeText().trim().min(1).max(64) });
export type GlobalSearchQuery = z.infer<typeof globalSearchQuery>;

export const searchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** What was found (an openid, an order number, a code, a ticket number, a username). */
  title: z.string(),
  /** Beside it: a nickname and the role matched, a batch's name, a ticket's state… */
  detail: z.string(),
  /** The console page that opens it (under the console's base path). */
  path: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const globalSearchAnswer = z.object({
  hits: z.array(searchHit),
  /** The kinds searched: those whose page the caller may open (game kinds only with a game). */
  searched: z.array(z.enum(SEARCH_KINDS)),
});
export type GlobalSearchAnswer = z.infer<typeof globalSearchAnswer>;
