import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  socialAccessResources,
  type ChatSettings,
  type FriendSettings,
  type KillSwitch,
  type PublishArea,
  type SocialKind,
  type SocialPolicy,
  type effectiveChatAccess,
  type effectiveFriendAccess,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { dropUndefined } from '../../lib/patch.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction } from '../../lib/problems.ts';
import { resourceReads } from '../../lib/resource-routes.ts';
import type { CreateInput, Filters, UpdateInput } from '../../lib/resource-routes.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { channelIs, checkChannel } from '../../lib/channel-ref.ts';
import { socialAccessPolicies, socialKillSwitches } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

/** Chat and friend access policies of a product, and each region's kill switch. */

/** Both kinds' resources describe the same rows (schemas, filters, sorts); they differ in permissions. */
type Resource = (typeof socialAccessResources)[SocialKind];
type Row = typeof socialAccessPolicies.$inferSelect;
export type SocialPolicyFilters = Filters<Resource>;

export function toSocialPolicy(row: Row): SocialPolicy {
  return {
    id: row.id,
    product_id: row.productId,
    kind: row.kind,
    region: row.region,
    channel_id: row.channelId,
    chat: row.kind === 'chat' ? (row.settings as ChatSettings) : null,
    friend: row.kind === 'friend' ? (row.settings as FriendSettings) : null,
    min_level: row.minLevel,
    min_account_age_days: row.minAccountAgeDays,
    real_name_required: row.realNameRequired,
    adult_required: row.adultRequired,
    start_at: row.startAt?.toISOString() ?? null,
    end_at: row.endAt?.toISOString() ?? null,
    enabled: row.enabled,
    ...stamps(row),
  };
}

/** The kind of a policy of the scope's product (to pick the permission before reading it), if it exists. */
export async function policyKind(db: Db, scope: { cpId: number; productId: number }, id: number) {
  const [row] = await db
    .select({ kind: socialAccessPolicies.kind })
    .from(socialAccessPolicies)
    .where(rowInScope(socialAccessPolicies, scope, id));
  return row?.kind;
}

export const {
  list: listSocialPolicies,
  batch: socialPolicyBatch,
  get: getSocialPolicy,
} = resourceReads(socialAccessResources.chat, {
  table: socialAccessPolicies,
  items: (_db, rows) => rows.map(toSocialPolicy),
  where: (f) => [
    eq(socialAccessPolicies.kind, f.kind),
    f.region ? eq(socialAccessPolicies.region, f.region) : undefined,
    channelIs(socialAccessPolicies.channelId, f.channel_id),
    f.enabled !== undefined ? eq(socialAccessPolicies.enabled, f.enabled) : undefined,
  ],
});

// A second policy for a region and channel (the form starts from the defaults, so saving it
// unchanged usually meets the existing one) is named as such on the channel, not as a "value in use".
const UNIQUE = { social_access_policies_scope: ['channel_id', 'policy_scope_taken'] } as const;
const time = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

export function createSocialPolicy(
  db: Db,
  scope: ProductScope,
  input: CreateInput<Resource>,
): Promise<SocialPolicy> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      await checkChannel(tx, scope, input.channel_id);
      const [taken] = await tx
        .select({ id: socialAccessPolicies.id })
        .from(socialAccessPolicies)
        .where(
          and(
            inScope(socialAccessPolicies, scope),
            eq(socialAccessPolicies.kind, input.kind),
            eq(socialAccessPolicies.region, input.region),
            channelIs(socialAccessPolicies.channelId, input.channel_id ?? 0),
          ),
        );
      // One policy per region, channel and kind.
      if (taken) new FieldProblems(scope.lang).add('channel_id', 'policy_scope_taken').throwIfAny();
      const [row] = await tx
        .insert(socialAccessPolicies)
        .values({
          cpId: scope.cpId,
          productId: scope.productId,
          kind: input.kind,
          region: input.region,
          channelId: input.channel_id,
          settings: input.kind === 'chat' ? input.chat : input.friend,
          minLevel: input.min_level,
          minAccountAgeDays: input.min_account_age_days,
          realNameRequired: input.real_name_required,
          adultRequired: input.adult_required,
          startAt: time(input.start_at),
          endAt: time(input.end_at),
          enabled: input.enabled,
        })
        .returning();
      const item = toSocialPolicy(row!);
      await logChange(tx, scope, {
        action: 'create',
        targetType: socialAccessResources[row!.kind].logTarget,
        targetId: row!.id,
        targetName: `${row!.region}:${row!.channelId ?? 'all'}`,
        after: item,
      });
      return item;
    },
    UNIQUE,
  );
}

export function updateSocialPolicy(
  db: Db,
  scope: ProductScope,
  id: number,
  input: UpdateInput<Resource>,
): Promise<SocialPolicy> {
  return inTransaction(db, scope.lang, async (tx) => {
    const target = rowInScope(socialAccessPolicies, scope, id);
    const before = await findOr404(tx, socialAccessPolicies, target);
    const problems = new FieldProblems(scope.lang);
    // The settings given must be those of the policy's kind.
    const settings = before.kind === 'chat' ? input.chat : input.friend;
    if (before.kind === 'chat' && input.friend) problems.add('friend', 'wrong_kind');
    if (before.kind === 'friend' && input.chat) problems.add('chat', 'wrong_kind');
    const startAt = time(input.start_at);
    const endAt = time(input.end_at);
    const [from, to] = [
      startAt === undefined ? before.startAt : startAt,
      endAt === undefined ? before.endAt : endAt,
    ];
    if (from && to && to.getTime() <= from.getTime()) problems.add('end_at', 'end_before_start');
    problems.throwIfAny();
    const row = await updateVersioned(tx, socialAccessPolicies, target, input.version, {
      settings: settings
        ? ({ ...before.settings, ...dropUndefined(settings) } as ChatSettings | FriendSettings)
        : undefined,
      minLevel: input.min_level,
      minAccountAgeDays: input.min_account_age_days,
      realNameRequired: input.real_name_required,
      adultRequired: input.adult_required,
      startAt,
      endAt,
      enabled: input.enabled,
    });
    const item = toSocialPolicy(row);
    await logChange(tx, scope, {
      action: 'update',
      targetType: socialAccessResources[row.kind].logTarget,
      targetId: id,
      targetName: `${row.region}:${row.channelId ?? 'all'}`,
      before: toSocialPolicy(before),
      after: item,
    });
    return item;
  });
}

/** Policies are referred to by nothing: a delete removes the policy (the defaults apply again). */
export async function deleteSocialPolicy(
  db: Db,
  scope: ProductScope,
  id: number,
): Promise<{ deleted: true }> {
  return db.transaction(async (tx) => {
    const target = rowInScope(socialAccessPolicies, scope, id);
    const before = await findOr404(tx, socialAccessPolicies, target);
    await tx.delete(socialAccessPolicies).where(target);
    await logChange(tx, scope, {
      action: 'delete',
      targetType: socialAccessResources[before.kind].logTarget,
      targetId: id,
      targetName: `${before.region}:${before.channelId ?? 'all'}`,
      before: toSocialPolicy(before),
    });
    return { deleted: true as const };
  });
}

function toKillSwitch(row: typeof socialKillSwitches.$inferSelect): KillSwitch {
  return {
    region: row.region,
    kind: row.kind,
    on: row.on,
    updated_by: row.updatedBy,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listKillSwitches(db: Db, scope: ProductScope, kind: SocialKind): Promise<KillSwitch[]> {
  const rows = await db
    .select()
    .from(socialKillSwitches)
    .where(and(inScope(socialKillSwitches, scope), eq(socialKillSwitches.kind, kind)))
    .orderBy(socialKillSwitches.region);
  return rows.map(toKillSwitch);
}

/** Turns a region's kill switch for one kind on or off; it overrides every policy of the region. */
export async function setKillSwitch(
  db: Db,
  scope: ProductScope,
  input: { region: PublishArea; kind: SocialKind; on: boolean },
): Promise<KillSwitch> {
  return db.transaction(async (tx) => {
    const key = and(
      inScope(socialKillSwitches, scope),
      eq(socialKillSwitches.region, input.region),
      eq(socialKillSwitches.kind, input.kind),
    );
    const [before] = await tx.select().from(socialKillSwitches).where(key);
    const [row] = await tx
      .insert(socialKillSwitches)
      .values({ cpId: scope.cpId, productId: scope.productId, ...input, updatedBy: scope.username })
      .onConflictDoUpdate({
        target: [socialKillSwitches.productId, socialKillSwitches.region, socialKillSwitches.kind],
        set: { on: input.on, updatedBy: scope.username, updatedAt: sql`now()` },
      })
      .returning();
    const item = toKillSwitch(row!);
    await logChange(tx, scope, {
      action: input.on ? 'kill_switch_on' : 'kill_switch_off',
      targetType: socialAccessResources[input.kind].logTarget,
      targetId: `${input.region}:kill_switch`,
      targetName: `${input.region} kill switch`,
      before: before ? toKillSwitch(before) : undefined,
      after: item,
    });
    return item;
  });
}

type EffectiveChat = z.infer<typeof effectiveChatAccess>;
type EffectiveFriend = z.infer<typeof effectiveFriendAccess>;

const OPEN = { min_level: 0, min_account_age_days: 0, real_name_required: false, adult_required: false };
const ALL_CHAT: ChatSettings = { world: true, private: true, guild: true, daily_messages: 0 };
const NO_CHAT: ChatSettings = { world: false, private: false, guild: false, daily_messages: 0 };
const ALL_FRIEND: FriendSettings = { add: true, gifting: true, daily_requests: 0, daily_gifts: 0 };
const NO_FRIEND: FriendSettings = { add: false, gifting: false, daily_requests: 0, daily_gifts: 0 };

/**
 * What a player of the region and channel may do now: the kill switch, else the channel's policy in
 * force (enabled and within its window), else the all-channel one, else everything on.
 */
export async function gameSocialAccess(
  db: Db,
  productId: number,
  region: PublishArea,
  channelId: number | null,
  now = new Date(),
): Promise<{ region: PublishArea; chat: EffectiveChat; friend: EffectiveFriend }> {
  const [policies, switches] = await Promise.all([
    db
      .select()
      .from(socialAccessPolicies)
      .where(
        and(
          eq(socialAccessPolicies.productId, productId),
          eq(socialAccessPolicies.region, region),
          eq(socialAccessPolicies.enabled, true),
          channelId === null
            ? isNull(socialAccessPolicies.channelId)
            : or(isNull(socialAccessPolicies.channelId), eq(socialAccessPolicies.channelId, channelId)),
        ),
      ),
    db
      .select()
      .from(socialKillSwitches)
      .where(
        and(
          eq(socialKillSwitches.productId, productId),
          eq(socialKillSwitches.region, region),
          eq(socialKillSwitches.on, true),
        ),
      ),
  ]);
  const inForce = (row: Row) =>
    (row.startAt === null || row.startAt.getTime() <= now.getTime()) &&
    (row.endAt === null || row.endAt.getTime() > now.getTime());
  const effective = <S>(kind: SocialKind, all: S, none: S) => {
    if (switches.some((s) => s.kind === kind))
      return { ...none, ...OPEN, source: 'kill_switch' as const, policy_id: null };
    const candidates = policies.filter((p) => p.kind === kind && inForce(p));
    const policy = candidates.find((p) => p.channelId !== null) ?? candidates[0];
    if (!policy) return { ...all, ...OPEN, source: 'default' as const, policy_id: null };
    return {
      ...(policy.settings as S),
      min_level: policy.minLevel,
      min_account_age_days: policy.minAccountAgeDays,
      real_name_required: policy.realNameRequired,
      adult_required: policy.adultRequired,
      source: 'policy' as const,
      policy_id: policy.id,
    };
  };
  return {
    region,
    chat: effective('chat', ALL_CHAT, NO_CHAT),
    friend: effective('friend', ALL_FRIEND, NO_FRIEND),
  };
}
