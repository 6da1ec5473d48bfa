import { isIPv6 } from 'node:net';
import { eq, gt, inArray, lt, and, sql } from 'drizzle-orm';
import { CAPTCHA_AFTER_FAILURES } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { loginFailures } from '../../db/schema.ts';

/** Wrong passwords count in a window opened by the first one. */
export const FAILURE_WINDOW_SECONDS = 15 * 60;
/**
 * A username is refused for the rest of its window after this many wrong passwords for it. From the
 * fourth on, each one came with a solved captcha: guessed or unsolved captchas count for nothing.
 */
export const USER_LOCK_AFTER = 10;
/**
 * An address is refused after this many wrong passwords from it, whatever the usernames: far above
 * one user's limit, since a whole office may sign in from one address (it needs a captcha from the
 * third on, so this is only reached by solving ~100 captchas).
 */
export const ADDRESS_LOCK_AFTER = 100;

/**
 * The counter of a client address: an IPv4 address, or the /64 network of an IPv6 one (a single
 * host usually holds a whole /64, so counting single addresses would be no limit at all).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.replace(/%.*$/, '').toLowerCase().split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // An embedded IPv4 tail (`::ffff:1.2.3.4`-like forms) takes two groups.
  const width = (parts: string[]) => parts.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const first = groups(head);
  const last = groups(tail);
  const full =
    tail === undefined
      ? first
      : [...first, ...Array<string>(8 - width(first) - width(last)).fill('0'), ...last];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export interface ThrottleState {
  /** A solved captcha is needed before the password is even checked. */
  captcha: boolean;
  /** Seconds until sign-in is allowed again; 0 when not locked. */
  lockedFor: number;
}

/**
 * Counts wrong passwords per username and per address separately. A username's count locks only
 * that username; an address's count asks everyone on it for a captcha early and locks it only far
 * later. Wrong or missing captchas are never counted: they prove nothing about the password.
 */
export class SignInThrottle {
  constructor(private readonly db: Db) {}

  private keys(username: string, ip: string) {
    return { user: userKey(username), address: `ip:${addressKey(ip)}` };
  }

  async state(username: string, ip: string): Promise<ThrottleState> {
    const keys = this.keys(username, ip);
    const rows = await this.db
      .select({
        key: loginFailures.key,
        count: loginFailures.count,
        remaining: sql<number>`ceil(extract(epoch from ${loginFailures.firstAt} + make_interval(secs => ${FAILURE_WINDOW_SECONDS}) - now()))::int`,
      })
      .from(loginFailures)
      .where(
        and(inArray(loginFailures.key, [keys.user, keys.address]), gt(loginFailures.firstAt, windowStart())),
      );
    const user = rows.find((r) => r.key === keys.user);
    const address = rows.find((r) => r.key === keys.address);
    const locks = [
      user && user.count >= USER_LOCK_AFTER ? user.remaining : 0,
      address && address.count >= ADDRESS_LOCK_AFTER ? address.remaining : 0,
    ];
    return {
      captcha: Math.max(user?.count ?? 0, address?.count ?? 0) >= CAPTCHA_AFTER_FAILURES,
      lockedFor: Math.max(0, ...locks),
    };
  }

  /** Counts a wrong password; answers whether a captcha is now required. */
  async recordFailure(username: string, ip: string): Promise<boolean> {
    const keys = this.keys(username, ip);
    // Failures are rare: dropping the expired counters here keeps the table small.
    await this.db.delete(loginFailures).where(lt(loginFailures.lastAt, windowStart()));
    let highest = 0;
    for (const key of [keys.user, keys.address]) {
      const expired = sql`${loginFailures.firstAt} < ${windowStart()}`;
      const [row] = await this.db
        .insert(loginFailures)
        .values({ key, count: 1 })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
            firstAt: sql`case when ${expired} then now() else ${loginFailures.firstAt} end`,
            lastAt: sql`now()`,
          },
        })
        .returning({ count: loginFailures.count });
      highest = Math.max(highest, row?.count ?? 0);
    }
    return highest >= CAPTCHA_AFTER_FAILURES;
  }

  /** A right password clears its username's count (never the address's: anyone could reset that). */
  async clearUser(username: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, userKey(username)));
  }
}

const userKey = (username: string) => `u:${username}`;
const windowStart = () => sql`now() - make_interval(secs => ${FAILURE_WINDOW_SECONDS})`;
