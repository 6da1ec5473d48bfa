import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { outsideTokens } from '../../db/outside.ts';
import type { SecretBox } from '../secret-box.ts';

/** Whose token: a party of a game, or of one of its sub-accounts (an advertiser account; '' for the game). */
export interface TokenKey {
  productId: number;
  party: string;
  account: string;
}

/** What a provider grants: the access token, when it lapses, and a new refresh token if it rotates them. */
export interface TokenGrant {
  accessToken: string;
  expiresAt: Date;
  refreshToken?: string;
}

/** How a token is obtained or renewed; `refreshToken` is the one held (null before the first grant). */
export type ObtainToken = (held: { refreshToken: string | null }) => Promise<TokenGrant>;

/** A token is renewed this long before it lapses, so no request leaves with one about to expire. */
const EARLY_MS = 60_000;

type Row = typeof outsideTokens.$inferSelect;

const whereKey = (key: TokenKey) =>
  and(
    eq(outsideTokens.productId, key.productId),
    eq(outsideTokens.party, key.party),
    eq(outsideTokens.account, key.account),
  );

/**
 * Access tokens, sealed at rest, shared by every instance through the database. A token still good
 * is read without a lock. Otherwise the key's row is locked (`select … for update`) and read again:
 * the first to lock obtains a new token and stores it; the others, waiting on the lock, find it
 * there and use it — one refresh at a time across instances. Called with a transaction, the lock is
 * taken in a savepoint of it (and held until it ends).
 */
export class TokenStore {
  constructor(private readonly box: SecretBox) {}

  private usable(row: Row | undefined, earlyMs: number, now = Date.now()): string | null {
    if (!row?.accessToken || !row.expiresAt || row.expiresAt.getTime() - Math.max(earlyMs, EARLY_MS) <= now)
      return null;
    return this.box.open(row.accessToken);
  }

  /**
   * A usable token of the key, obtained (once across instances) when there is none. `renewWithinMs`
   * widens the renewal window: a token lapsing within it is renewed now (a scheduled refresh well
   * before expiry), still once across instances — the others find the renewed one under the lock.
   */
  async get(db: Db, key: TokenKey, obtain: ObtainToken, renewWithinMs = 0): Promise<string> {
    const [row] = await db.select().from(outsideTokens).where(whereKey(key));
    const held = this.usable(row, renewWithinMs);
    if (held) return held;
    return db.transaction(async (tx) => {
      await tx.insert(outsideTokens).values(key).onConflictDoNothing();
      const [locked] = await tx.select().from(outsideTokens).where(whereKey(key)).for('update');
      const renewed = this.usable(locked, renewWithinMs);
      if (renewed) return renewed;
      const refreshToken = locked?.refreshToken ? this.box.open(locked.refreshToken) : null;
      const grant = await obtain({ refreshToken });
      await tx
        .update(outsideTokens)
        .set({
          accessToken: this.box.seal(grant.accessToken),
          expiresAt: grant.expiresAt,
          ...(grant.refreshToken ? { refreshToken: this.box.seal(grant.refreshToken) } : {}),
          refreshedAt: new Date(),
          refreshes: sql`${outsideTokens.refreshes} + 1`,
        })
        .where(whereKey(key));
      return grant.accessToken;
    });
  }

  /**
   * Forgets `token` after the provider refused it as expired, unless another call has replaced it
   * already (then the new one stays).
   */
  async drop(db: Db, key: TokenKey, token: string): Promise<void> {
    const [row] = await db.select().from(outsideTokens).where(whereKey(key));
    if (!row?.accessToken || this.box.open(row.accessToken) !== token) return;
    await db
      .update(outsideTokens)
      .set({ accessToken: '', expiresAt: null })
      .where(and(whereKey(key), eq(outsideTokens.accessToken, row.accessToken)));
  }

  /** Stores a grant obtained outside a refresh (an OAuth authorisation code exchanged for tokens). */
  async put(db: Db, key: TokenKey, grant: TokenGrant): Promise<void> {
    const values = {
      accessToken: this.box.seal(grant.accessToken),
      expiresAt: grant.expiresAt,
      refreshToken: grant.refreshToken ? this.box.seal(grant.refreshToken) : '',
      refreshedAt: new Date(),
    };
    await db
      .insert(outsideTokens)
      .values({ ...key, ...values, refreshes: 1 })
      .onConflictDoUpdate({
        target: [outsideTokens.productId, outsideTokens.party, outsideTokens.account],
        set: { ...values, refreshes: sql`${outsideTokens.refreshes} + 1` },
      });
  }
}
