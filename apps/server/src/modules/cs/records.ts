import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, exists, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  CS_RECORD_SORTS,
  csRecordAccess,
  csRecordListQuery,
  csTranscriptQuery,
  idParam,
  type CsConversation,
  type CsMessage,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';
import type { ProductScope } from '../../lib/access.ts';
import type { Cell } from '../../lib/cells.ts';
import { sendExport } from '../../lib/export.ts';
import { ok } from '../../lib/request.ts';
import { listRoute } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { toConversation, toMessage } from './service.ts';
import { csConversations, csMessages } from './tables.ts';
import { readConversation } from './read-conversation.ts';
import { inGame } from '../../lib/scope.ts';

/**
 * Session records: every conversation of a game (any state, any agent), searched by player or by
 * what was said, with its whole transcript (notes included) read without marking anything read,
 * and exported as a file. Guarded by the session-records page, not the workbench's.
 */

type Query = z.output<typeof csRecordListQuery>;
const TRANSCRIPT_MAX = 5000;
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SORTS = {
  last_message_at: csConversations.lastMessageAt,
  created_at: csConversations.createdAt,
  id: csConversations.id,
  rating: csConversations.rating,
} as const;

export async function listRecords(
  db: Db,
  scope: ProductScope,
  query: Query,
): Promise<{ list: CsConversation[]; total: number }> {
  const where: (SQL | undefined)[] = [
    inGame(csConversations, scope),
    query.state ? eq(csConversations.state, query.state) : undefined,
    query.from ? gte(csConversations.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(csConversations.createdAt, new Date(query.to)) : undefined,
  ];
  if (query.q) {
    const like = likeText(query.q);
    where.push(
      or(
        ilike(csConversations.openid, like),
        ilike(csConversations.nickname, like),
        exists(
          db
            .select({ one: sql`1` })
            .from(csMessages)
            .where(and(eq(csMessages.conversationId, csConversations.id), ilike(csMessages.body, like))),
        ),
      ),
    );
  }
  const sort = query.sort ?? '-last_message_at';
  const field = sort.replace(/^-/, '') as keyof typeof SORTS;
  const direction = sort.startsWith('-') ? desc : asc;
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: csConversations, assigneeName: users.username })
      .from(csConversations)
      .leftJoin(users, eq(users.id, csConversations.assigneeId))
      .where(condition)
      .orderBy(sql`${direction(SORTS[field])} nulls last`, direction(csConversations.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(csConversations)
      .where(condition),
  ]);
  return {
    list: rows.map((r) => toConversation(r.row, { assigneeName: r.assigneeName })),
    total: count?.n ?? 0,
  };
}

/** The whole transcript in order, notes and events included; reading it changes nothing. */
export async function recordMessages(db: Db, scope: ProductScope, id: number): Promise<CsMessage[]> {
  const row = await readConversation(db, scope, id);
  const list = await db
    .select()
    .from(csMessages)
    .where(eq(csMessages.conversationId, id))
    .orderBy(asc(csMessages.id))
    .limit(TRANSCRIPT_MAX);
  return list.map((m) => toMessage(m, row));
}

const TRANSCRIPT_HEADERS = ['time', 'author', 'name', 'kind', 'text', 'image_url', 'event'] as const;

export function csRecordRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cs'];
  const scope = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;
  const bigId = z.object({ id: idParam.shape.id });
  listRoute(app, {
    name: 'cs-session-records',
    path: '/cs/session-records',
    tags,
    summary: 'Conversations of the game, searched and sorted',
    query: csRecordListQuery,
    filters: ['q', 'state', 'from', 'to'],
    sorts: CS_RECORD_SORTS,
    config: can(csRecordAccess, 'read'),
    list: (request, query) => listRecords(db, scope(request), query),
  });
  app.get(
    '/cs/session-records/:id',
    { schema: { tags, summary: 'One conversation', params: bigId }, config: can(csRecordAccess, 'read') },
    async (request) => {
      const row = await readConversation(db, scope(request), request.params.id);
      return ok(toConversation(row));
    },
  );
  app.get(
    '/cs/session-records/:id/messages',
    {
      schema: { tags, summary: 'Its whole transcript, notes included', params: bigId },
      config: can(csRecordAccess, 'read'),
    },
    async (request) => ok({ list: await recordMessages(db, scope(request), request.params.id) }),
  );
  app.get(
    '/cs/session-records/:id/transcript',
    {
      schema: {
        tags,
        summary: 'Its transcript as a CSV or XLSX file',
        params: bigId,
        querystring: csTranscriptQuery,
      },
      config: can(csRecordAccess, 'export'),
    },
    async (request, reply) => {
      const list = await recordMessages(db, scope(request), request.params.id);
      const rows: Cell[][] = list.map((m) => [
        m.created_at,
        m.author,
        m.author_name,
        m.kind,
        m.text,
        m.image_url,
        m.event ?? '',
      ]);
      async function* batches() {
        yield rows;
      }
      return sendExport(
        reply,
        request.query.format,
        `cs-transcript-${request.params.id}`,
        TRANSCRIPT_HEADERS,
        batches(),
      );
    },
  );
}
