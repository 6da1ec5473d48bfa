import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import {
  ErrorCode,
  SHARE_CLICK_PARAM,
  SHARE_LINK_PREFIX,
  gameShareConfigQuery,
  gameShareEventBody,
  gameShareMaterialsQuery,
  pickVariant,
  shareClickQuery,
  shareCodeParam,
  type GameShareConfig,
  type GameShareEvent,
  type GameShareEventAnswer,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUniqueViolation } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { GAME, PUBLIC } from '../../lib/route-access.ts';
import { mailOnePlayer } from '../mails/index.ts';
import { shareClickLog, shareClickSettled } from './click-log.ts';
import { gameShareMaterials } from './materials.ts';
import {
  shareCards,
  shareClicks,
  shareEvents,
  shareInviteRewards,
  shareLinks,
  shareStrategies,
  shareTrackingSettings,
} from './tables.ts';

type Device = 'ios' | 'android' | 'desktop';

/** The device class of a user agent: all the click keeps of the visitor. */
export function deviceOf(userAgent: string | undefined): Device {
  const ua = (userAgent ?? '').slice(0, 512);
  if (/iPhone|iPad|iPod/.test(ua)) return 'ios';
  if (/Android/.test(ua)) return 'android';
  return 'desktop';
}

/** Adds `name=value` to an address's query (the address was checked as https when saved). */
function withParam(address: string, name: string, value: string): string {
  const url = new URL(address);
  url.searchParams.set(name, value);
  return url.toString();
}

/**
 * `GET /s/:code?sharer=<openid>`: counts the click (one click row with the sharer and device class,
 * and the link's counter, written in a batch with other clicks: `ShareClickLog`), then redirects:
 * a phone to the deep link when there is one, else to the target; a desktop to the fallback when
 * there is one. The target carries the click id so the game
 * can report the register that follows (`POST /api/game/v1/share/events`).
 */
export async function shareLinkPublicRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  const clicks = shareClickLog(db, fastify.log);
  // Before the server stops, not on close: the app's own onClose closes the database first.
  fastify.addHook('preClose', () => clicks.close());
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${SHARE_LINK_PREFIX}:code`,
      { schema: { hide: true, params: shareCodeParam, querystring: shareClickQuery }, config: PUBLIC },
      async (request, reply) => {
        const device = deviceOf(request.headers['user-agent']);
        const [link] = await db
          .select({
            id: shareLinks.id,
            targetUrl: shareLinks.targetUrl,
            deepLink: shareLinks.deepLink,
            fallbackUrl: shareLinks.fallbackUrl,
          })
          .from(shareLinks)
          .where(and(eq(shareLinks.code, request.params.code), eq(shareLinks.status, 'active')))
          .limit(1);
        if (!link) throw new ApiError(ErrorCode.NOT_FOUND);
        const clickId = await clicks.record({
          linkId: link.id,
          sharer: request.query.sharer || null,
          device,
          strategyId: request.query.st ?? null,
          variant: request.query.v ?? null,
        });
        const target =
          device === 'desktop' && link.fallbackUrl
            ? link.fallbackUrl
            : device !== 'desktop' && link.deepLink
              ? link.deepLink
              : link.targetUrl;
        let location: string;
        try {
          location = withParam(target, SHARE_CLICK_PARAM, String(clickId));
        } catch {
          location = target;
        }
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    );
}

/** The variant of the live strategy of a scene a player gets, with its card and link. */
export async function shareConfigFor(
  db: Db,
  productId: number,
  query: { platform: string; scene: string; openid: string },
): Promise<GameShareConfig> {
  const now = new Date();
  const [strategy] = await db
    .select()
    .from(shareStrategies)
    .where(
      and(
        eq(shareStrategies.productId, productId),
        eq(shareStrategies.platform, query.platform as never),
        eq(shareStrategies.scene, query.scene as never),
        eq(shareStrategies.status, 'active'),
        or(isNull(shareStrategies.startsAt), lte(shareStrategies.startsAt, now)),
        or(isNull(shareStrategies.endsAt), gt(shareStrategies.endsAt, now)),
      ),
    )
    .orderBy(desc(shareStrategies.id))
    .limit(1);
  if (!strategy) return null;
  const variant = pickVariant(strategy.variants, query.openid, strategy.id);
  if (!variant) return null;
  const [card] = variant.card_id
    ? await db
        .select()
        .from(shareCards)
        .where(
          and(
            eq(shareCards.id, variant.card_id),
            eq(shareCards.productId, productId),
            eq(shareCards.status, 'active'),
          ),
        )
    : [];
  const [link] = variant.link_id
    ? await db
        .select()
        .from(shareLinks)
        .where(
          and(
            eq(shareLinks.id, variant.link_id),
            eq(shareLinks.productId, productId),
            eq(shareLinks.status, 'active'),
          ),
        )
    : [];
  return {
    strategy_id: strategy.id,
    variant: variant.key,
    title: variant.title,
    description: variant.description,
    image_url: variant.image_url || card?.imageUrl || '',
    card: card ? { title: card.title, image_url: card.imageUrl, path: card.path } : null,
    link: link
      ? `${SHARE_LINK_PREFIX}${link.code}?${new URLSearchParams({
          sharer: query.openid,
          st: String(strategy.id),
          v: variant.key,
        }).toString()}`
      : null,
  };
}

/** What a share is attributed to: the channel and campaign of the link its variant carries, if any. */
async function shareAttribution(
  db: Db,
  productId: number,
  event: GameShareEvent,
): Promise<{ channel: string | null; campaign: string | null }> {
  if (!event.strategy_id || !event.variant) return { channel: null, campaign: null };
  const [strategy] = await db
    .select({ variants: shareStrategies.variants })
    .from(shareStrategies)
    .where(and(eq(shareStrategies.id, event.strategy_id), eq(shareStrategies.productId, productId)));
  const linkId = strategy?.variants.find((v) => v.key === event.variant)?.link_id;
  if (!linkId) return { channel: null, campaign: null };
  const [link] = await db
    .select({ channel: shareLinks.channel, campaign: shareLinks.campaign })
    .from(shareLinks)
    .where(and(eq(shareLinks.id, linkId), eq(shareLinks.productId, productId)));
  return { channel: link?.channel ?? null, campaign: link?.campaign ?? null };
}

/**
 * A share, or an install, register or payment after a click, attributed to the click's sharer,
 * the link's channel and campaign and the shared strategy and variant; once per event id (a
 * repeated event answers `recorded: false` and changes nothing). Only clicks on the caller's
 * product's links count. A register or first payment (as the game's settings say) earns the
 * sharer their invite reward by mail, once per invitee.
 */
export async function recordShareEvent(
  db: Db,
  caller: { cpId: number; productId: number },
  event: GameShareEvent,
): Promise<GameShareEventAnswer> {
  const { productId } = caller;
  let values: typeof shareEvents.$inferInsert;
  if (event.type === 'share') {
    values = {
      productId,
      eventId: event.event_id,
      type: 'share',
      sharer: event.openid,
      openid: event.openid,
      platform: event.platform ?? null,
      strategyId: event.strategy_id ?? null,
      variant: event.variant ?? null,
      ...(await shareAttribution(db, productId, event)),
    };
  } else {
    // A click of the last moments may still wait in this app's click log: written first.
    await shareClickSettled(db, event.click_id!);
    const [click] = await db
      .select({
        id: shareClicks.id,
        linkId: shareClicks.linkId,
        sharer: shareClicks.sharer,
        strategyId: shareClicks.strategyId,
        variant: shareClicks.variant,
        platform: shareLinks.platform,
        channel: shareLinks.channel,
        campaign: shareLinks.campaign,
      })
      .from(shareClicks)
      .innerJoin(shareLinks, eq(shareLinks.id, shareClicks.linkId))
      .where(and(eq(shareClicks.id, event.click_id!), eq(shareLinks.productId, productId)));
    if (!click) throw new ApiError(ErrorCode.NOT_FOUND);
    values = {
      productId,
      eventId: event.event_id,
      type: event.type,
      clickId: click.id,
      linkId: click.linkId,
      sharer: click.sharer,
      openid: event.openid,
      platform: click.platform,
      channel: click.channel,
      campaign: click.campaign,
      strategyId: click.strategyId,
      variant: click.variant,
    };
  }
  const answer = (recorded: boolean, rewarded = false): GameShareEventAnswer => ({
    recorded,
    sharer: values.sharer ?? null,
    link_id: values.linkId ?? null,
    rewarded,
  });
  try {
    return await db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(shareEvents)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: shareEvents.id });
      if (!saved) return answer(false);
      if (event.type === 'register' && values.linkId) {
        await tx
          .update(shareLinks)
          .set({ registers: sql`${shareLinks.registers} + 1` })
          .where(eq(shareLinks.id, values.linkId));
      }
      const rewarded =
        (event.type === 'register' || event.type === 'pay') &&
        !!values.sharer &&
        values.sharer !== event.openid &&
        (await rewardInvite(tx, caller, { sharer: values.sharer, invitee: event.openid, event: event.type }));
      return answer(true, rewarded);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return answer(false);
    throw error;
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The sharer's reward for an invitee, when the game's settings reward this event: one row per
 * invitee (a later event, or another sharer's, finds it there), and a mail of the gift package
 * when the sharer is a player of the game.
 */
async function rewardInvite(
  tx: Tx,
  caller: { cpId: number; productId: number },
  invite: { sharer: string; invitee: string; event: 'register' | 'pay' },
): Promise<boolean> {
  const [settings] = await tx
    .select()
    .from(shareTrackingSettings)
    .where(eq(shareTrackingSettings.productId, caller.productId));
  if (!settings || settings.rewardOn !== invite.event || !settings.rewardGiftId) return false;
  const [reward] = await tx
    .insert(shareInviteRewards)
    .values({
      productId: caller.productId,
      invitee: invite.invitee,
      sharer: invite.sharer,
      event: invite.event,
      state: 'no_player',
      giftId: settings.rewardGiftId,
    })
    .onConflictDoNothing()
    .returning({ id: shareInviteRewards.id });
  if (!reward) return false;
  const mailId = await mailOnePlayer(tx, {
    cpId: caller.cpId,
    productId: caller.productId,
    openid: invite.sharer,
    title: settings.rewardTitle,
    sender: SHARE_REWARD_SENDER,
    attachments: [{ type: 'gift', id: settings.rewardGiftId, quantity: 1 }],
  });
  if (mailId !== null) {
    await tx
      .update(shareInviteRewards)
      .set({ state: 'mailed', mailId })
      .where(eq(shareInviteRewards.id, reward.id));
  }
  return true;
}

/** The sender an invite reward mail shows. */
const SHARE_REWARD_SENDER = 'share';

/** `/api/game/v1/share/config` and `/api/game/v1/share/events`. */
export function shareGameRoutes(fastify: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['game-api'];
  app.get(
    '/share/config',
    {
      schema: {
        tags,
        summary: "A player's share of a scene on a platform: the variant, its card and tracked link",
        querystring: gameShareConfigQuery,
      },
      config: GAME,
    },
    async (request) => ok(await shareConfigFor(db, request.gameCaller!.productId, request.query)),
  );
  app.get(
    '/share/materials',
    {
      schema: {
        tags,
        summary:
          "A kind of material strategy's live rows for a platform (invite, password, video, app, mini-game)",
        querystring: gameShareMaterialsQuery,
      },
      config: GAME,
    },
    async (request) => ok(await gameShareMaterials(db, request.gameCaller!.productId, request.query)),
  );
  app.post(
    '/share/events',
    {
      schema: {
        tags,
        summary:
          'A share, or an install, register or payment after a share click, attributed to the sharer (once per event id)',
        body: gameShareEventBody,
      },
      config: GAME,
    },
    async (request) => ok(await recordShareEvent(db, request.gameCaller!, request.body)),
  );
}
