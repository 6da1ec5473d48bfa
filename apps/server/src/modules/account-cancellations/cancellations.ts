import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import {
  accountCancellationsResource,
  COOLING_OFF_DAYS,
  gameCancellationBody,
  type Cancellation,
  type GameCancellation,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import {
  resourceService,
  resourceTableRoutes,
  standardRoutes,
  type ResourceImpl,
} from '../../lib/resource-routes.ts';
import { GAME } from '../../lib/route-access.ts';
import { documentProductHeader } from '../../lib/scope.ts';
import { ruleError } from '../../lib/problems.ts';
import { onPlayerSignIn } from '../players/index.ts';
import { accountCancellations } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof accountCancellations.$inferSelect;

/** The cooling-off in days (tests and deployments may shorten it; the default is the contract's). */
let coolingOffDays = COOLING_OFF_DAYS;
export function setCoolingOffDays(days: number) {
  coolingOffDays = days;
}
export function resetCoolingOff() {
  coolingOffDays = COOLING_OFF_DAYS;
}
const eraseAtFrom = (from: Date) => new Date(from.getTime() + coolingOffDays * 86_400_000);

/** `%…%` with the LIKE wildcards of the text taken literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toItem(row: Row): Cancellation {
  return {
    id: row.id,
    openid: row.openid,
    status: row.status,
    source: row.source,
    requested_at: row.requestedAt.toISOString(),
    erase_at: row.eraseAt.toISOString(),
    withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
    legal_hold: row.legalHold,
    hold_reason: row.holdReason,
    note: row.note,
    receipt: row.receipt ?? null,
    job_id: row.jobId ?? null,
    ...stamps(row),
  };
}

const HEADERS = [
  'id',
  'openid',
  'status',
  'source',
  'requested_at',
  'erase_at',
  'withdrawn_at',
  'legal_hold',
  'hold_reason',
  'note',
  'erased_at',
] as const;

const impl: ResourceImpl<
  typeof accountCancellationsResource,
  typeof accountCancellations,
  Cancellation,
  null
> = {
  table: accountCancellations,
  toItem,
  nameOf: (row) => `#${row.id}`,
  where: (f) => [
    f.q
      ? or(ilike(accountCancellations.openid, likeText(f.q)), ilike(accountCancellations.note, likeText(f.q)))
      : undefined,
    f.status ? eq(accountCancellations.status, f.status) : undefined,
    f.openid ? eq(accountCancellations.openid, f.openid) : undefined,
    f.legal_hold ? eq(accountCancellations.legalHold, f.legal_hold === 'true') : undefined,
  ],
  columns: (input, before) => {
    const changes = input as {
      openid?: string;
      note?: string;
      legal_hold?: boolean;
      hold_reason?: string;
    };
    if (!before) {
      // Filed by staff on the player's behalf: the same cooling-off as the player's own request.
      const now = new Date();
      return {
        openid: changes.openid,
        note: changes.note,
        source: 'staff',
        requestedAt: now,
        eraseAt: eraseAtFrom(now),
      };
    }
    return {
      note: changes.note,
      legalHold: changes.legal_hold,
      holdReason: changes.legal_hold === false ? '' : changes.hold_reason,
    };
  },
  // One request cooling off per player: a second is refused on the openid.
  unique: { account_cancellations_open: 'openid' },
  // Only a request still cooling off is held, released or annotated.
  async check(_db, scope, _input, before) {
    if (before && before.status !== 'cooling_off') throw ruleError(scope.lang, 'cancellation_closed');
  },
};

export const cancellationService = resourceService(accountCancellationsResource, impl);

/** Withdraws a player's request still cooling off: they signed in (inside the sign-in's transaction). */
async function withdrawOnSignIn(tx: Db, sign: { productId: number; openid: string; at: string }) {
  await tx
    .update(accountCancellations)
    .set({
      status: 'withdrawn',
      withdrawnAt: new Date(sign.at),
      version: sql`${accountCancellations.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(accountCancellations.productId, sign.productId),
        eq(accountCancellations.openid, sign.openid),
        eq(accountCancellations.status, 'cooling_off'),
        sql`${accountCancellations.requestedAt} <= ${sign.at}::timestamptz`,
      ),
    );
}
onPlayerSignIn(withdrawOnSignIn);

/** `/account-cancellations`: list, read, file for a player, hold or release, export. */
export async function cancellationRoutes(fastify: FastifyInstance, { db }: { db: Db }): Promise<void> {
  documentProductHeader(fastify);
  standardRoutes(fastify, db, accountCancellationsResource, cancellationService);
  resourceTableRoutes(fastify, db, accountCancellationsResource, {
    exporter: {
      name: accountCancellationsResource.name,
      headers: HEADERS,
      prepare: async () => null,
      toCells: (item: Cancellation) => ({
        id: item.id,
        openid: item.openid,
        status: item.status,
        source: item.source,
        requested_at: item.requested_at,
        erase_at: item.erase_at,
        withdrawn_at: item.withdrawn_at ?? '',
        legal_hold: item.legal_hold ? 'true' : 'false',
        hold_reason: item.hold_reason,
        note: item.note,
        erased_at: item.receipt?.erased_at ?? '',
      }),
      batch: cancellationService.batch,
    },
  });
}

/** A player's request: a new one, or the one already cooling off. */
export async function requestCancellation(
  db: Db,
  game: { cpId: number; productId: number },
  openid: string,
): Promise<GameCancellation> {
  const answer = (row: Row): GameCancellation => ({
    id: row.id,
    status: row.status,
    requested_at: row.requestedAt.toISOString(),
    erase_at: row.eraseAt.toISOString(),
  });
  const now = new Date();
  const [created] = await db
    .insert(accountCancellations)
    .values({ ...game, openid, source: 'game', requestedAt: now, eraseAt: eraseAtFrom(now) })
    .onConflictDoNothing()
    .returning();
  if (created) return answer(created);
  const [open] = await db
    .select()
    .from(accountCancellations)
    .where(
      and(
        eq(accountCancellations.productId, game.productId),
        eq(accountCancellations.openid, openid),
        eq(accountCancellations.status, 'cooling_off'),
      ),
    );
  // Withdrawn or erased between the two statements: the player asks again.
  if (!open) return requestCancellation(db, game, openid);
  return answer(open);
}

/** `POST /api/game/v1/account-cancellations`: the player asks for their account to be deleted. */
export function cancellationGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/account-cancellations',
    {
      schema: {
        tags: ['game-api'],
        summary: 'A player asks for their account to be deleted (after a cooling-off a sign-in withdraws)',
        body: gameCancellationBody,
      },
      config: GAME,
    },
    async (request) => {
      const caller = request.gameCaller!;
      return ok(
        await requestCancellation(
          db,
          { cpId: caller.cpId, productId: caller.productId },
          request.body.openid,
        ),
      );
    },
  );
}
