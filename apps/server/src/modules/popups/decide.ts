import { and, eq, sql } from 'drizzle-orm';
import {
  compareVersions,
  LANGUAGES,
  type GamePopup,
  type GamePopupsAnswer,
  type GamePopupsQuery,
  type Language,
  type PopupImage,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { queryRows } from '../../lib/rows.ts';
import { gameLanguage } from '../game-api/index.ts';
import { groupMembersSql } from '../user-groups/index.ts';
import { popupScenes, popups } from './tables.ts';

type PopupRow = typeof popups.$inferSelect;

/** The most live pop-ups one scene weighs per request (the highest priorities). */
const CANDIDATES = 200;

/** The start of `now`'s day in UTC: the per-day cap counts from there. */
export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Whether `version` is inside the pop-up's bounds (a player that does not say its version passes). */
function versionFits(row: PopupRow, version: string): boolean {
  if (!version) return true;
  if (row.minVersion && compareVersions(version, row.minVersion) < 0) return false;
  if (row.maxVersion && compareVersions(version, row.maxVersion) > 0) return false;
  return true;
}

/** The image of an orientation in `lang`, else in Chinese, else in any language; '' when it has none. */
export function imageFor(
  images: PopupImage[],
  orientation: PopupImage['orientation'],
  lang: Language,
): string {
  const of = images.filter((image) => image.orientation === orientation);
  const order = [lang, 'zh', ...LANGUAGES];
  for (const want of order) {
    const found = of.find((image) => image.lang === want);
    if (found) return found.url;
  }
  return '';
}

/** Of `ids`, the user groups the player is a member of, and the tags they hold (a value that is not false). */
async function audienceOf(
  db: Db,
  productId: number,
  openid: string,
  groupIds: number[],
  tagIds: number[],
): Promise<{ groups: Set<number>; tags: Set<number> }> {
  const groups = new Set<number>();
  const tags = new Set<number>();
  if (!groupIds.length && !tagIds.length) return { groups, tags };
  const player = sql`(select p.id from players p where p.product_id = ${productId}::int and p.openid = ${openid})`;
  const tests = [
    ...groupIds.map(
      (id) =>
        sql`select 'g' as kind, ${id}::int as id where exists (select 1 from (${groupMembersSql(productId, id)}) m where m.player_id = ${player})`,
    ),
    ...tagIds.map(
      (id) =>
        sql`select 't' as kind, ${id}::int as id where exists (select 1 from player_tag_values v where v.product_id = ${productId}::int and v.tag_id = ${id}::int and v.player_id = ${player} and v.value_bool is distinct from false)`,
    ),
  ];
  const rows = await queryRows<{ kind: string; id: number }>(db, sql.join(tests, sql` union all `));
  for (const row of rows) (row.kind === 'g' ? groups : tags).add(Number(row.id));
  return { groups, tags };
}

interface Shown {
  popup_id: number;
  total: number;
  today: number;
  session: number;
}

/**
 * The pop-ups one player sees at one scene now (`GET /api/game/v1/popups`): nothing while the scene
 * rests for them (its cool-down since their last exposure there); else the live pop-ups of the scene
 * inside their window, for the player's channel, version, groups and tags, none past its cap per day
 * (UTC), per session (when the game names its session) or in total — at most the scene's maximum,
 * the highest priority first (then the newest). Unknown scene: 404001; a disabled one shows nothing.
 */
export async function popupsFor(
  db: Db,
  productId: number,
  query: GamePopupsQuery,
  now: Date = new Date(),
): Promise<GamePopupsAnswer> {
  const [scene] = await db
    .select()
    .from(popupScenes)
    .where(and(eq(popupScenes.productId, productId), eq(popupScenes.code, query.scene)));
  if (!scene) throw new ApiError(404001);
  const empty = (cooldownUntil: string | null = null): GamePopupsAnswer => ({
    scene: scene.code,
    popups: [],
    cooldown_until: cooldownUntil,
  });
  if (scene.status !== 'active') return empty();

  if (scene.cooldownSeconds > 0) {
    const [last] = await queryRows<{ at: Date | string | null }>(
      db,
      sql`select max(at) as at from popup_events where product_id = ${productId}::int and openid = ${query.openid}
          and scene_code = ${scene.code} and type = 'exposure'`,
    );
    if (last?.at) {
      const until = new Date(new Date(last.at).getTime() + scene.cooldownSeconds * 1000);
      if (until > now) return empty(until.toISOString());
    }
  }

  const candidates = await db
    .select()
    .from(popups)
    .where(
      sql`${popups.productId} = ${productId} and ${popups.status} = 'live'
        and ${popups.sceneIds} @> ${JSON.stringify([scene.id])}::jsonb
        and (${popups.startAt} is null or ${popups.startAt} <= ${now.toISOString()}::timestamptz)
        and (${popups.endAt} is null or ${popups.endAt} > ${now.toISOString()}::timestamptz)
        and (${popups.channels} = '[]'::jsonb or ${popups.channels} @> ${JSON.stringify([query.channel])}::jsonb)`,
    )
    .orderBy(sql`${popups.priority} desc, ${popups.id} desc`)
    .limit(CANDIDATES);
  const fitting = candidates.filter((row) => versionFits(row, query.version));
  if (!fitting.length) return empty();

  const { groups, tags } = await audienceOf(
    db,
    productId,
    query.openid,
    [...new Set(fitting.flatMap((row) => row.userGroupIds))],
    [...new Set(fitting.flatMap((row) => row.tagIds))],
  );
  const targeted = fitting.filter(
    (row) =>
      (row.userGroupIds.length === 0 || row.userGroupIds.some((id) => groups.has(id))) &&
      (row.tagIds.length === 0 || row.tagIds.some((id) => tags.has(id))),
  );
  if (!targeted.length) return empty();

  const ids = targeted.map((row) => row.id);
  const shownRows = await queryRows<Shown>(
    db,
    sql`select popup_id, count(*)::int as total,
          (count(*) filter (where at >= ${utcDayStart(now).toISOString()}::timestamptz))::int as today,
          (count(*) filter (where ${query.session} <> '' and session = ${query.session}))::int as session
        from popup_events
        where product_id = ${productId}::int and openid = ${query.openid} and type = 'exposure'
          and popup_id = any(${`{${ids.join(',')}}`}::int[])
        group by popup_id`,
  );
  const shown = new Map(shownRows.map((row) => [Number(row.popup_id), row]));
  const lang: Language = gameLanguage(query.lang) ?? 'zh';
  const answer: GamePopup[] = [];
  for (const row of targeted) {
    if (answer.length >= scene.maxPopups) break;
    const seen = shown.get(row.id);
    if (seen) {
      if (row.capTotal > 0 && seen.total >= row.capTotal) continue;
      if (row.capPerDay > 0 && seen.today >= row.capPerDay) continue;
      if (query.session && row.capPerSession > 0 && seen.session >= row.capPerSession) continue;
    }
    answer.push({
      id: row.id,
      images: {
        portrait: imageFor(row.images, 'portrait', lang),
        landscape: imageFor(row.images, 'landscape', lang),
      },
      click_action: row.clickAction,
      click_target: row.clickTarget,
      priority: row.priority,
      revision: row.version,
    });
  }
  return { scene: scene.code, popups: answer, cooldown_until: null };
}
