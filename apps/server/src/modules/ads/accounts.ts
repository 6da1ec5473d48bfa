import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AD_GRANT_WARNING_DAYS,
  ErrorCode,
  adAccountsResource,
  adMediumOf,
  adPartyName,
  type AdAccount,
  type AdAccountStatus,
  type AdAuthorizeAnswer,
  type AdAuthorizeCallback,
  type AdSyncAnswer,
  type Language,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { outsideTokens } from '../../db/outside.ts';
import { users } from '../../db/schema.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { EventBus } from '../../lib/events.ts';
import { containsAny } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { isOutsideError, type Outside } from '../../lib/outside/index.ts';
import { fieldError } from '../../lib/problems.ts';
import { resourceReads, type Filters } from '../../lib/resource-routes.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { notify, type NewNotification } from '../notifications/index.ts';
import type { AdMediumAdapter, MediumAccount } from './media/adapter.ts';
import { adPartyOf } from './media/parties.ts';
import { adMessage } from './messages.ts';
import { adAccounts } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

const HOUR = 3600_000;
/** Access tokens lapsing within this are renewed by the sync (every 30 minutes), well before they do. */
export const RENEW_WITHIN_MS = 6 * HOUR;
/** How long an authorisation may take between starting it and the medium sending staff back. */
const STATE_TTL_MS = 15 * 60_000;
/** A row's owner is alerted about it at most this often. */
const ALERT_EVERY_MS = 24 * HOUR;

export interface AdsContext {
  db: Db;
  outside: Outside;
  events: EventBus;
  secrets: SecretBox;
}

type Row = typeof adAccounts.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function toItem(row: Row, tokenExpiry: Date | null): AdAccount {
  return {
    id: row.id,
    media: row.media as AdAccount['media'],
    account_id: row.accountId,
    name: row.name,
    role: row.role,
    parent_id: row.parentId,
    grant_account: row.grantAccount,
    status: row.status,
    media_status: row.mediaStatus,
    balance: row.balance,
    currency: row.currency,
    token_expires_at: iso(tokenExpiry),
    grant_expires_at: iso(row.grantExpiresAt),
    synced_at: iso(row.syncedAt),
    last_error: row.lastError,
    remark: row.remark,
    enabled: row.enabled,
    simulated: false,
    ...stamps(row),
  };
}

/** Rows as answered: the access token's expiry read from the kit's token store. */
async function itemsOf(db: Db, rows: Row[], outside?: Outside): Promise<AdAccount[]> {
  if (!rows.length) return [];
  const tokens = await db
    .select({
      productId: outsideTokens.productId,
      party: outsideTokens.party,
      account: outsideTokens.account,
      expiresAt: outsideTokens.expiresAt,
    })
    .from(outsideTokens)
    .where(
      and(
        inArray(outsideTokens.productId, [...new Set(rows.map((r) => r.productId))]),
        inArray(outsideTokens.account, [...new Set(rows.map((r) => r.grantAccount))]),
      ),
    );
  const expiry = new Map(tokens.map((t) => [`${t.productId}|${t.party}|${t.account}`, t.expiresAt]));
  const modes = new Map<string, boolean>();
  for (const key of new Set(rows.map((r) => `${r.productId}|${r.media}`))) {
    const [productId, media] = key.split('|') as [string, string];
    const mode = outside ? await outside.modeOf(db, adPartyName(media), Number(productId)) : 'fake';
    modes.set(key, mode === 'fake' || adMediumOf(media)?.api.adapter === 'fake');
  }
  return rows.map((r) => ({
    ...toItem(r, expiry.get(`${r.productId}|${adPartyName(r.media)}|${r.grantAccount}`) ?? null),
    simulated: modes.get(`${r.productId}|${r.media}`) ?? true,
  }));
}

function where(filters: Filters<typeof adAccountsResource>): (SQL | undefined)[] {
  return [
    containsAny(filters.q, adAccounts.name, adAccounts.accountId),
    filters.status ? eq(adAccounts.status, filters.status) : undefined,
    filters.role ? eq(adAccounts.role, filters.role) : undefined,
    filters.parent_id ? eq(adAccounts.parentId, filters.parent_id) : undefined,
  ];
}

/** The reads of ad accounts (list, get), within the caller's game and medium. */
export function accountReads(outside: Outside) {
  return resourceReads(adAccountsResource, {
    table: adAccounts,
    items: (db, rows) => itemsOf(db, rows, outside),
    where,
  });
}

/** A failure of the medium as the console answers it: 422001 with the medium's reason. */
export function mediumError(error: unknown, lang: Language): unknown {
  if (!isOutsideError(error)) return error;
  const message =
    error.kind === 'not_set_up'
      ? adMessage('not_set_up', lang)
      : adMessage('medium_failed', lang, { reason: error.message });
  return new ApiError(
    ErrorCode.BUSINESS_RULE,
    { kind: error.kind, ...(error.retryAfter !== undefined ? { retry_after: error.retryAfter } : {}) },
    message,
  );
}

async function openMedium(
  outside: Outside,
  db: Db,
  media: string,
  productId: number,
  account: string,
): Promise<AdMediumAdapter> {
  return outside.open(db, adPartyOf(media), productId, { account });
}

interface StateClaims {
  p: number;
  m: string;
  u: number;
  x: number;
}

/** Starts an authorisation: the medium's page to open, carrying a sealed state naming who started it. */
export async function startAuthorization(
  ctx: AdsContext,
  scope: ProductScope,
  media: string,
): Promise<AdAuthorizeAnswer> {
  try {
    const adapter = await openMedium(ctx.outside, ctx.db, media, scope.productId, '');
    const claims: StateClaims = {
      p: scope.productId,
      m: media,
      u: scope.userId,
      x: Date.now() + STATE_TTL_MS,
    };
    const state = ctx.secrets.seal(JSON.stringify(claims));
    return { url: adapter.authorizeUrl(state), state, simulated: adapter.simulated };
  } catch (error) {
    throw mediumError(error, scope.lang);
  }
}

function readState(ctx: AdsContext, scope: ProductScope, media: string, state: string): void {
  const plain = ctx.secrets.open(state);
  let claims: Partial<StateClaims>;
  try {
    claims = plain ? (JSON.parse(plain) as StateClaims) : {};
  } catch {
    claims = {};
  }
  if (
    claims.p !== scope.productId ||
    claims.m !== media ||
    claims.u !== scope.userId ||
    typeof claims.x !== 'number' ||
    claims.x < Date.now()
  )
    throw fieldError(scope.lang, 'state', 'invalid');
}

/**
 * Completes an authorisation: checks the state, exchanges the code for tokens (stored sealed under
 * the grant's account), records the accounts the grant reaches with their hierarchy, then syncs
 * their state. Writes nothing when the state is not this caller's or the medium refuses the code.
 */
export async function completeAuthorization(
  ctx: AdsContext,
  scope: ProductScope,
  media: string,
  body: AdAuthorizeCallback,
): Promise<AdSyncAnswer> {
  readState(ctx, scope, media, body.state);
  let granted;
  try {
    const adapter = await openMedium(ctx.outside, ctx.db, media, scope.productId, '');
    granted = await adapter.exchange(body.code);
  } catch (error) {
    throw mediumError(error, scope.lang);
  }
  const party = adPartyName(media);
  const counts = await ctx.db.transaction(async (tx) => {
    await ctx.outside.tokens.put(
      tx,
      { productId: scope.productId, party, account: granted.grantAccount },
      granted.grant,
    );
    const written = await recordAccounts(tx, scope, media, granted.grantAccount, granted.accounts, {
      grantExpiresAt: granted.grantExpiresAt,
    });
    return written;
  });
  const synced = await syncGrant(ctx, scope.productId, media, granted.grantAccount);
  return { ...counts, failed: synced.failed };
}

/** Inserts or renews the rows of the accounts a grant reaches, then links advertisers to their agent. */
async function recordAccounts(
  tx: Db,
  scope: ProductScope,
  media: string,
  grantAccount: string,
  accounts: MediumAccount[],
  grant: { grantExpiresAt: Date | null },
): Promise<{ created: number; updated: number }> {
  let created = 0;
  let updated = 0;
  const ids = new Map<string, number>();
  for (const account of accounts) {
    const [before] = await tx
      .select()
      .from(adAccounts)
      .where(
        and(
          eq(adAccounts.productId, scope.productId),
          eq(adAccounts.media, media),
          eq(adAccounts.accountId, account.accountId),
        ),
      )
      .for('update');
    const values = {
      name: account.name,
      role: account.role,
      grantAccount,
      status: 'authorized' as const,
      grantExpiresAt: grant.grantExpiresAt,
      authorizedBy: scope.userId,
      alertedAt: null,
      lastError: '',
    };
    const [row] = before
      ? await tx
          .update(adAccounts)
          .set({ ...values, version: sql`${adAccounts.version} + 1`, updatedAt: new Date() })
          .where(eq(adAccounts.id, before.id))
          .returning()
      : await tx
          .insert(adAccounts)
          .values({
            ...values,
            cpId: scope.cpId,
            productId: scope.productId,
            media,
            accountId: account.accountId,
          })
          .returning();
    ids.set(account.accountId, row!.id);
    if (before) updated += 1;
    else created += 1;
    await logChange(tx, scope, {
      action: before ? 'update' : 'create',
      targetType: 'ad_account',
      targetId: row!.id,
      targetName: `${media}:${row!.accountId}`,
      ...(before ? { before: toItem(before, null) } : {}),
      after: toItem(row!, null),
    });
  }
  for (const account of accounts) {
    if (!account.parentId) continue;
    const parent = ids.get(account.parentId);
    if (parent)
      await tx
        .update(adAccounts)
        .set({ parentId: parent })
        .where(eq(adAccounts.id, ids.get(account.accountId)!));
  }
  return { created, updated };
}

function statusAfterSync(row: Row, now = Date.now()): AdAccountStatus {
  const warn = AD_GRANT_WARNING_DAYS * 24 * HOUR;
  return row.grantExpiresAt && row.grantExpiresAt.getTime() - warn <= now ? 'expiring' : 'authorized';
}

async function alert(
  ctx: AdsContext,
  rows: Row[],
  key: 'grant_expiring' | 'grant_expired' | 'sync_failed',
): Promise<void> {
  const due = rows.filter(
    (r) => r.authorizedBy !== null && (!r.alertedAt || r.alertedAt.getTime() + ALERT_EVERY_MS <= Date.now()),
  );
  if (!due.length) return;
  const recipients = await ctx.db
    .select({ id: users.id, lang: users.defaultLang })
    .from(users)
    .where(inArray(users.id, [...new Set(due.map((r) => r.authorizedBy!))]));
  const langOf = new Map(recipients.map((u) => [u.id, u.lang]));
  const list: NewNotification[] = [];
  for (const row of due) {
    const lang = langOf.get(row.authorizedBy!);
    if (!lang) continue;
    list.push({
      cpId: row.cpId,
      userId: row.authorizedBy!,
      kind: 'system',
      title: adMessage(key, lang, { account: `${row.name} (${row.accountId})` }),
      body: row.lastError,
      link: adMediumOf(row.media)?.pages['account-manage'] ?? '',
    });
  }
  await ctx.db
    .update(adAccounts)
    .set({ alertedAt: new Date() })
    .where(
      inArray(
        adAccounts.id,
        due.map((r) => r.id),
      ),
    );
  (await notify(ctx.db, ctx.events, list))();
}

/** The game's advertiser accounts on a medium (enabled or not). */
export const advertisersOn = (productId: number, media: string): SQL =>
  and(eq(adAccounts.productId, productId), eq(adAccounts.media, media), eq(adAccounts.role, 'advertiser'))!;

/** The enabled accounts of the game on the medium that one grant (an authorisation) reaches. */
export function grantedAccounts(productId: number, media: string, grantAccount: string): SQL[] {
  return [
    eq(adAccounts.productId, productId),
    eq(adAccounts.media, media),
    eq(adAccounts.grantAccount, grantAccount),
    eq(adAccounts.enabled, true),
  ];
}

/**
 * Syncs the accounts of one grant: renews its access token when it lapses within RENEW_WITHIN_MS
 * (once across instances: the kit's lock), then reads each account's status and balance. A refused
 * renewal marks them `expired`, another failure `failed` with the medium's reason; either alerts the
 * staff member who authorised them (at most daily), as does a grant about to lapse.
 */
export async function syncGrant(
  ctx: AdsContext,
  productId: number,
  media: string,
  grantAccount: string,
): Promise<{ synced: number; failed: number }> {
  const rows = await ctx.db
    .select()
    .from(adAccounts)
    .where(and(...grantedAccounts(productId, media, grantAccount)));
  if (!rows.length) return { synced: 0, failed: 0 };
  const ids = rows.map((r) => r.id);
  const fail = async (status: AdAccountStatus, reason: string) => {
    const failed = await ctx.db
      .update(adAccounts)
      .set({ status, lastError: reason.slice(0, 500) })
      .where(inArray(adAccounts.id, ids))
      .returning();
    await alert(ctx, failed, status === 'expired' ? 'grant_expired' : 'sync_failed');
    return { synced: 0, failed: rows.length };
  };
  let adapter: AdMediumAdapter;
  try {
    adapter = await openMedium(ctx.outside, ctx.db, media, productId, grantAccount);
  } catch (error) {
    if (isOutsideError(error)) return fail('failed', error.message);
    throw error;
  }
  try {
    const renewed = await adapter.renew(RENEW_WITHIN_MS);
    if (renewed.grantExpiresAt !== undefined)
      await ctx.db
        .update(adAccounts)
        .set({ grantExpiresAt: renewed.grantExpiresAt })
        .where(inArray(adAccounts.id, ids));
  } catch (error) {
    if (isOutsideError(error, 'refused')) return fail('expired', error.message);
    if (isOutsideError(error)) return fail('failed', error.message);
    throw error;
  }
  let states;
  try {
    states = await adapter.states(rows.map((r) => r.accountId));
  } catch (error) {
    if (isOutsideError(error)) return fail('failed', error.message);
    throw error;
  }
  const fresh = await ctx.db.select().from(adAccounts).where(inArray(adAccounts.id, ids));
  const expiring: Row[] = [];
  for (const row of fresh) {
    const state = states.find((s) => s.accountId === row.accountId);
    if (!state) continue;
    const status = statusAfterSync(row);
    const [after] = await ctx.db
      .update(adAccounts)
      .set({
        ...(state.name ? { name: state.name } : {}),
        mediaStatus: state.mediaStatus.slice(0, 64),
        balance: state.balance,
        currency: state.currency,
        syncedAt: new Date(),
        status,
        lastError: '',
        // A sync that works again lets the next failure alert at once.
        ...(row.status === 'failed' ? { alertedAt: null } : {}),
      })
      .where(eq(adAccounts.id, row.id))
      .returning();
    if (status === 'expiring') expiring.push(after!);
  }
  await alert(ctx, expiring, 'grant_expiring');
  return { synced: states.length, failed: 0 };
}

/** Syncs every grant of a game's medium (the console's "sync now"). */
export async function syncMedium(ctx: AdsContext, scope: ProductScope, media: string): Promise<AdSyncAnswer> {
  const grants = await ctx.db
    .selectDistinct({ grantAccount: adAccounts.grantAccount })
    .from(adAccounts)
    .where(
      and(
        eq(adAccounts.productId, scope.productId),
        eq(adAccounts.media, media),
        eq(adAccounts.enabled, true),
      ),
    );
  let updated = 0;
  let failed = 0;
  for (const grant of grants) {
    const done = await syncGrant(ctx, scope.productId, media, grant.grantAccount);
    updated += done.synced;
    failed += done.failed;
  }
  return { created: 0, updated, failed };
}

/** The schedule's sync: every enabled grant of every game and medium, one after another. */
export async function syncAll(ctx: AdsContext): Promise<{ synced: number; failed: number }> {
  const grants = await ctx.db
    .selectDistinct({
      productId: adAccounts.productId,
      media: adAccounts.media,
      grantAccount: adAccounts.grantAccount,
    })
    .from(adAccounts)
    .where(eq(adAccounts.enabled, true));
  let synced = 0;
  let failed = 0;
  for (const grant of grants) {
    const done = await syncGrant(ctx, grant.productId, grant.media, grant.grantAccount);
    synced += done.synced;
    failed += done.failed;
  }
  return { synced, failed };
}
