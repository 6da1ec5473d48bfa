import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gameVersionCheckQuery, type GameVersionCheck, type Language, textFor } from '@rx/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { sendTagged } from '../../lib/request.ts';
import { GAME } from '../../lib/route-access.ts';
import { liveNotices } from '../announcements/index.ts';
import { gameLanguage } from '../game-api/index.ts';
import { packageFor } from './packages.ts';
import { inRollout, livePublish } from './publish.ts';
import { isTestAccount } from './testing.ts';
import { appReleases } from './tables.ts';

/** A version's changelog per language (of the caller's game). */
async function changelogOf(db: Db, productId: number, releaseId: number) {
  const [row] = await db
    .select({ changelog: appReleases.changelog })
    .from(appReleases)
    .where(and(eq(appReleases.id, releaseId), eq(appReleases.productId, productId)));
  return row?.changelog ?? {};
}

type Query = z.output<typeof gameVersionCheckQuery>;

/**
 * What a build of the app should do, by the newest publish of its platform and channel (the
 * channel's own, else the platform's version for every channel):
 * - a blocked build, or one below the minimum, must update (`forced`), whatever the rollout;
 * - a build at or above the published one has nothing to do;
 * - a whitelisted openid or device gets the update at any percentage, even while halted;
 * - otherwise a device in the rollout (not halted, its bucket below the percentage) gets the
 *   version's update mode, and any other device is told nothing (not even the new version).
 */
export async function versionCheck(
  db: Db,
  productId: number,
  query: Query,
  origin = '',
): Promise<GameVersionCheck> {
  const live =
    (await livePublish(db, productId, query.platform, query.channel)) ??
    (query.channel ? await livePublish(db, productId, query.platform, '') : undefined);
  const lang: Language = gameLanguage(query.lang) ?? 'zh';
  // Test accounts pass maintenance: they are told of none.
  const tester = await isTestAccount(db, productId, { openid: query.openid, deviceId: query.device_id });
  const maintenance = tester
    ? undefined
    : (
        await liveNotices(db, productId, {
          channel: query.channel,
          server: '',
          version: '',
          openid: query.openid,
          lang,
        })
      ).find((notice) => notice.type === 'maintenance');
  const base = {
    test_account: tester,
    fields: {},
    package: null,
    maintenance: maintenance
      ? { title: maintenance.title, body: maintenance.body, end_at: maintenance.end_at }
      : null,
  };
  if (!live)
    return {
      ...base,
      update: 'none',
      reason: 'up_to_date',
      latest: null,
      min_version_code: 0,
      url: '',
      text: '',
      changelog: '',
      publish_number: null,
    };
  const s = live.snapshot;
  // The released installation package of the offered build for the player's channel.
  const found = await packageFor(db, productId, {
    platform: query.platform,
    channel: query.channel,
    subChannel: query.sub_channel,
    versionCode: s.version_code,
  });
  const pkg = found
    ? {
        version_code: found.version_code,
        url: found.path ? `${origin}${found.url}` : found.url,
        sha256: found.sha256,
        size: found.size,
      }
    : null;
  const offer = {
    ...base,
    fields: s.fields ?? {},
    package: pkg,
    latest: { version_name: s.version_name, version_code: s.version_code },
    min_version_code: s.min_version_code,
    url: s.store_url || s.download_url || pkg?.url || '',
    text: textFor(s.update_text, lang),
    changelog: '',
    publish_number: live.number,
  };
  // An offered version comes with its changelog as the version has it now (a correction made after
  // the publish reaches players); read only when the version is offered.
  const offered = async (update: GameVersionCheck['update'], reason: GameVersionCheck['reason']) => ({
    ...offer,
    update,
    reason,
    changelog: textFor(await changelogOf(db, productId, s.release_id), lang),
  });
  const code = query.version_code;
  if (s.blocked_version_codes.includes(code)) return offered('forced', 'blocked');
  if (code < s.min_version_code) return offered('forced', 'too_old');
  if (code >= s.version_code) return { ...offer, update: 'none', reason: 'up_to_date', text: '' };
  const whitelisted =
    (query.openid !== '' && s.whitelist_openids.includes(query.openid)) ||
    (query.device_id !== '' && s.whitelist_devices.includes(query.device_id));
  if (whitelisted) return offered(s.update_mode, 'whitelist');
  if (!live.halted && inRollout(s.release_id, query.device_id, live.percent))
    return offered(s.update_mode, 'rollout');
  return {
    ...offer,
    update: 'none',
    reason: 'not_in_rollout',
    // The version's fields are for the devices that get it.
    fields: {},
    latest: null,
    url: '',
    text: '',
    package: null,
  };
}

/**
 * `GET /api/game/v1/version/check`: registered inside the signed game API. The answer depends on
 * the device, so it is not shared through the answer cache; it carries an ETag of its content, so a
 * game asking again with `If-None-Match` gets 304 while nothing changed.
 */
export function releaseGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/version/check',
    {
      schema: {
        tags: ['game-api'],
        summary: 'Whether a build must or may update: the live version of its platform and channel',
        querystring: gameVersionCheckQuery,
      },
      config: GAME,
    },
    async (request, reply) => {
      const caller = request.gameCaller!;
      const origin = `${request.protocol}://${request.host}`;
      return sendTagged(request, reply, await versionCheck(db, caller.productId, request.query, origin));
    },
  );
}
