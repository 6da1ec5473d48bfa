import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  INT32_MAX,
  LINK_MAX_AGE_SECONDS,
  isLanguage,
  passwordProblems,
  validationMessage,
  type Language,
  type LinkLoginBody,
  type UserInfo,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { captchas, refreshTokens, signInSessions, ssoLinks, tokenFamilies, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import {
  dummyPasswordHash,
  hashPassword,
  hmacHex,
  randomToken,
  safeEqual,
  sha256,
  verifyPassword,
} from '../../lib/crypto.ts';
import { signJwt } from '../../lib/jwt.ts';
import { writeOperationLog } from '../../lib/operation-log.ts';
import { CAPTCHA_TTL_SECONDS, challengeFingerprint, checkSolution, newChallenge } from './captcha.ts';
import type { Challenge } from 'altcha-lib';
import { userGrants } from '../../lib/grants.ts';
import { SignInThrottle } from './throttle.ts';

export interface AcsSettings {
  ssoSecret: string;
  jwtSecret: string;
  accessTtl: number;
  refreshTtl: number;
  /** Told (once the change committed) when sign-ins of a user ended: caches of every instance forget them. */
  onSessionsEnded?: (userId: number) => void;
}

export interface Caller {
  ip: string;
  userAgent: string;
  lang: Language;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** The string a link's `sign` covers: its fields sorted by name, values as sent. */
export function linkPayload(fields: {
  is_modified_password: string | number;
  trace_id: string;
  ts: string | number;
  user_id: string;
}) {
  return `is_modified_password=${fields.is_modified_password}&trace_id=${fields.trace_id}&ts=${fields.ts}&user_id=${fields.user_id}`;
}

/**
 * The text a link's number was signed as, or null. A JSON number stands for the text JavaScript
 * writes for it; a string is taken only in canonical decimal form, since `0x1f`, `1.0`, `1e3`,
 * `007` or ` 7` would be other texts than the one signed even where they mean the same number.
 */
function signedDecimal(value: string | number): string | null {
  const text = typeof value === 'number' ? String(value) : value;
  return /^(0|[1-9]\d*)$/.test(text) ? text : null;
}

export function signLink(secret: string, fields: Parameters<typeof linkPayload>[0]): string {
  return hmacHex(secret, linkPayload(fields));
}

export class AcsService {
  private readonly throttle: SignInThrottle;

  constructor(
    private readonly db: Db,
    private readonly settings: AcsSettings,
  ) {
    this.throttle = new SignInThrottle(db);
  }

  // --- captcha and failure counting -------------------------------------------------------

  /** A proof-of-work challenge (captcha.ts), bound to this browser by the row its cookie names. */
  async newCaptcha(): Promise<{ id: string; challenge: Challenge; expiresIn: number }> {
    const challenge = await newChallenge(this.settings.ssoSecret);
    const id = randomToken(18);
    await this.db.delete(captchas).where(sql`${captchas.expiresAt} < now()`);
    await this.db.insert(captchas).values({
      id,
      answerHash: challengeFingerprint(challenge),
      expiresAt: later(CAPTCHA_TTL_SECONDS),
    });
    return { id, challenge, expiresIn: CAPTCHA_TTL_SECONDS };
  }

  /** A captcha is good for one try, right or wrong: the challenge this browser was given, solved. */
  private async checkCaptcha(id: string | undefined, code: string): Promise<boolean> {
    if (!id) return false;
    const [row] = await this.db.delete(captchas).where(eq(captchas.id, id)).returning();
    if (!row || row.expiresAt.getTime() < Date.now()) return false;
    const solved = await checkSolution(this.settings.ssoSecret, code);
    return solved !== null && safeEqual(row.answerHash, challengeFingerprint(solved));
  }

  // --- users/login: the sign-in page ------------------------------------------------------

  async signIn(
    input: { username: string; password: string; code: string; captchaId?: string },
    caller: Caller,
  ): Promise<{ token: string; userId: number }> {
    const username = input.username.trim().toLowerCase();
    const throttle = await this.throttle.state(username, caller.ip);
    if (throttle.lockedFor > 0) {
      throw new ApiError(ErrorCode.TOO_MANY_ATTEMPTS, { retry_after: throttle.lockedFor });
    }
    if (throttle.captcha) {
      // A missing or wrong captcha is not a password failure: it is refused without counting.
      if (!input.code) throw new ApiError(ErrorCode.CAPTCHA_REQUIRED, { captcha_required: true });
      if (!(await this.checkCaptcha(input.captchaId, input.code))) {
        throw new ApiError(ErrorCode.CAPTCHA_WRONG, { captcha_required: true });
      }
    }
    const [user] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${username}`);
    const passwordOk = await verifyPassword(
      input.password,
      user?.passwordHash ?? (await dummyPasswordHash()),
    );
    if (!user || !passwordOk) {
      const captchaRequired = await this.throttle.recordFailure(username, caller.ip);
      throw new ApiError(ErrorCode.WRONG_CREDENTIALS, { captcha_required: captchaRequired });
    }
    if (user.disabled) throw new ApiError(ErrorCode.ACCOUNT_DISABLED);
    await this.throttle.clearUser(username);
    const token = randomToken();
    await this.db.transaction(async (tx) => {
      await tx.insert(signInSessions).values({
        id: randomUUID(),
        tokenHash: sha256(token),
        userId: user.id,
        ip: caller.ip,
        userAgent: caller.userAgent.slice(0, 300),
        expiresAt: later(this.settings.refreshTtl),
      });
      await writeOperationLog(tx, {
        cpId: user.cpId,
        userId: user.id,
        username: user.username,
        action: 'sign_in',
        targetType: 'staff',
        targetId: user.id,
        ip: caller.ip,
      });
    });
    return { token, userId: user.id };
  }

  /** The signed-in user behind a sign-in session token, or 305001. */
  async sessionUser(
    token: string,
  ): Promise<{ sessionId: string; userId: number; isModifiedPassword: number }> {
    const [row] = await this.db
      .select({
        sessionId: signInSessions.id,
        userId: users.id,
        isModifiedPassword: users.isModifiedPassword,
        disabled: users.disabled,
        expiresAt: signInSessions.expiresAt,
        revokedAt: signInSessions.revokedAt,
      })
      .from(signInSessions)
      .innerJoin(users, eq(users.id, signInSessions.userId))
      .where(eq(signInSessions.tokenHash, sha256(token)));
    if (!row || row.revokedAt || row.disabled || row.expiresAt.getTime() < Date.now()) {
      throw new ApiError(ErrorCode.SESSION_ENDED);
    }
    return row;
  }

  /** The sign-in session a console token family came from (for platform links from inside the console). */
  async familySession(familyId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ sessionId: tokenFamilies.sessionId })
      .from(tokenFamilies)
      .where(eq(tokenFamilies.id, familyId));
    return row?.sessionId ?? null;
  }

  // --- acs/user/platform_link and acs/user/login -----------------------------------------

  async issueLink(
    user: { userId: number; isModifiedPassword: number; sessionId: string | null },
    base: string,
  ): Promise<string> {
    const fields = {
      is_modified_password: user.isModifiedPassword,
      trace_id: randomUUID(),
      ts: nowSeconds(),
      user_id: String(user.userId),
    };
    await this.db
      .insert(ssoLinks)
      .values({ traceId: fields.trace_id, userId: user.userId, sessionId: user.sessionId });
    const sign = signLink(this.settings.ssoSecret, fields);
    const query = new URLSearchParams({
      is_modified_password: String(fields.is_modified_password),
      sign,
      trace_id: fields.trace_id,
      ts: String(fields.ts),
      user_id: fields.user_id,
    });
    return `${base}?${query.toString()}`;
  }

  async linkLogin(body: LinkLoginBody, caller: Caller): Promise<UserInfo> {
    const isModifiedPassword = signedDecimal(body.is_modified_password);
    const ts = signedDecimal(body.ts);
    if (isModifiedPassword === null || ts === null) throw new ApiError(ErrorCode.LINK_INVALID);
    if (Math.abs(nowSeconds() - Number(ts)) > LINK_MAX_AGE_SECONDS)
      throw new ApiError(ErrorCode.LINK_INVALID);
    const signed = {
      is_modified_password: isModifiedPassword,
      trace_id: body.trace_id,
      ts,
      user_id: body.user_id,
    };
    if (!safeEqual(signLink(this.settings.ssoSecret, signed), body.sign))
      throw new ApiError(ErrorCode.LINK_INVALID);
    // Only an id the integer column can hold is looked up.
    const userId = Number(body.user_id);
    if (signedDecimal(body.user_id) === null || userId > INT32_MAX)
      throw new ApiError(ErrorCode.LINK_INVALID);
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError(ErrorCode.LINK_INVALID);
    if (user.disabled) throw new ApiError(ErrorCode.ACCOUNT_DISABLED);
    return this.db.transaction(async (tx) => {
      // Accept each trace_id once: the first use marks it; a replay finds it used.
      const used = await tx
        .insert(ssoLinks)
        .values({ traceId: body.trace_id, userId, usedAt: new Date() })
        .onConflictDoUpdate({
          target: ssoLinks.traceId,
          set: { usedAt: sql`now()` },
          setWhere: and(isNull(ssoLinks.usedAt), eq(ssoLinks.userId, userId)),
        })
        .returning({ sessionId: ssoLinks.sessionId });
      if (used.length === 0) throw new ApiError(ErrorCode.LINK_INVALID);
      const familyId = randomUUID();
      await tx.insert(tokenFamilies).values({ id: familyId, userId, sessionId: used[0]!.sessionId });
      const tokens = await this.issueTokens(tx, { userId, cpId: user.cpId, familyId });
      const grants = await userGrants(tx, userId, user.permChangedAt);
      await writeOperationLog(tx, {
        cpId: user.cpId,
        userId,
        username: user.username,
        action: 'link_login',
        targetType: 'staff',
        targetId: userId,
        ip: caller.ip,
      });
      return {
        id: String(user.id),
        username: user.username,
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        cpid: String(user.cpId),
        usertype: user.usertype,
        role_info: grants.roles,
        default_lang: isLanguage(user.defaultLang) ? user.defaultLang : 'zh',
        is_modified_password: user.isModifiedPassword,
      };
    });
  }

  private async issueTokens(db: Db, who: { userId: number; cpId: number; familyId: string }) {
    const now = Date.now();
    const accessToken = signJwt(
      {
        sub: String(who.userId),
        cp: String(who.cpId),
        fam: who.familyId,
        iatms: now,
        iat: Math.floor(now / 1000),
        exp: Math.floor(now / 1000) + this.settings.accessTtl,
      },
      this.settings.jwtSecret,
    );
    // The family id in front lets a reused token be traced to its family even after rotation.
    const refreshToken = `${who.familyId}.${randomToken()}`;
    await db.insert(refreshTokens).values({
      tokenHash: sha256(refreshToken),
      familyId: who.familyId,
      expiresAt: later(this.settings.refreshTtl),
    });
    return { accessToken, refreshToken };
  }

  // --- acs/user/rejwt ---------------------------------------------------------------------

  /** Rotates the refresh token; reusing a rotated one revokes the whole family (305001). */
  async refresh(refreshToken: string): Promise<{ access_token: string; refresh_token: string }> {
    const hash = sha256(refreshToken);
    type Outcome =
      | { kind: 'refused' }
      | { kind: 'reuse'; familyId: string }
      | { kind: 'rotated'; accessToken: string; refreshToken: string };
    const outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
      const [row] = await tx
        .select({
          familyId: refreshTokens.familyId,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
          revokedAt: tokenFamilies.revokedAt,
          userId: users.id,
          cpId: users.cpId,
          disabled: users.disabled,
        })
        .from(refreshTokens)
        .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
        .innerJoin(users, eq(users.id, tokenFamilies.userId))
        .where(eq(refreshTokens.tokenHash, hash));
      if (!row || row.revokedAt || row.disabled || row.expiresAt.getTime() < Date.now())
        return { kind: 'refused' };
      // Mark it used only if nobody else did: a second use of the same token is a reuse.
      const claimed = await tx
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
        .returning({ familyId: refreshTokens.familyId });
      if (claimed.length === 0) return { kind: 'reuse', familyId: row.familyId };
      const tokens = await this.issueTokens(tx, {
        userId: row.userId,
        cpId: row.cpId,
        familyId: row.familyId,
      });
      return { kind: 'rotated', ...tokens };
    });
    if (outcome.kind === 'reuse')
      await this.revokeFamilies(eq(tokenFamilies.id, outcome.familyId), 'refresh_reuse');
    if (outcome.kind !== 'rotated') throw new ApiError(ErrorCode.SESSION_ENDED);
    return { access_token: outcome.accessToken, refresh_token: outcome.refreshToken };
  }

  private async revokeFamilies(where: SQL, reason: string): Promise<void> {
    const ended = await this.db
      .update(tokenFamilies)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(where, isNull(tokenFamilies.revokedAt)))
      .returning({ userId: tokenFamilies.userId });
    for (const userId of new Set(ended.map((row) => row.userId))) this.settings.onSessionsEnded?.(userId);
  }

  // --- acs/user/set_password and logout ---------------------------------------------------

  async setPassword(
    auth: { userId: number; familyId: string },
    input: { old_password: string; new_password: string },
    caller: Caller,
  ): Promise<void> {
    const [user] = await this.db.select().from(users).where(eq(users.id, auth.userId));
    if (!user) throw new ApiError(ErrorCode.SESSION_ENDED);
    const fields: Record<string, string> = {};
    if (!(await verifyPassword(input.old_password, user.passwordHash))) {
      fields.old_password = validationMessage('old_password_wrong', caller.lang);
    }
    const problems = passwordProblems(input.new_password, user.username);
    if (input.new_password === input.old_password) problems.push('password_same');
    if (problems.length) {
      fields.new_password = problems
        .map((p) => validationMessage(p as Parameters<typeof validationMessage>[0], caller.lang))
        .join(' ');
    }
    if (Object.keys(fields).length) throw new ApiError(ErrorCode.INVALID_INPUT, { fields });
    const passwordHash = await hashPassword(input.new_password);
    const currentSession = await this.familySession(auth.familyId);
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, isModifiedPassword: 1, version: sql`${users.version} + 1` })
        .where(eq(users.id, user.id));
      // End the user's other sign-ins: every other token family and sign-in session.
      await tx
        .update(tokenFamilies)
        .set({ revokedAt: new Date(), revokeReason: 'password_changed' })
        .where(
          and(
            eq(tokenFamilies.userId, user.id),
            ne(tokenFamilies.id, auth.familyId),
            isNull(tokenFamilies.revokedAt),
          ),
        );
      await tx
        .update(signInSessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(signInSessions.userId, user.id),
            isNull(signInSessions.revokedAt),
            currentSession ? ne(signInSessions.id, currentSession) : undefined,
          ),
        );
      await writeOperationLog(tx, {
        cpId: user.cpId,
        userId: user.id,
        username: user.username,
        action: 'set_password',
        targetType: 'staff',
        targetId: user.id,
        ip: caller.ip,
      });
    });
    this.settings.onSessionsEnded?.(user.id);
  }

  /** Ends a console sign-in (its family and the sign-in session behind it) and/or a sign-in session. */
  async logout(familyId: string | null, sessionToken: string | null): Promise<void> {
    const sessionIds: string[] = [];
    if (familyId) {
      const session = await this.familySession(familyId);
      if (session) sessionIds.push(session);
      await this.revokeFamilies(eq(tokenFamilies.id, familyId), 'logout');
    }
    if (sessionToken) {
      const [row] = await this.db
        .select({ id: signInSessions.id })
        .from(signInSessions)
        .where(eq(signInSessions.tokenHash, sha256(sessionToken)));
      if (row) sessionIds.push(row.id);
    }
    if (sessionIds.length) {
      await this.db
        .update(signInSessions)
        .set({ revokedAt: new Date() })
        .where(and(inArray(signInSessions.id, sessionIds), isNull(signInSessions.revokedAt)));
      // Console sign-ins opened from this session end with it.
      await this.revokeFamilies(inArray(tokenFamilies.sessionId, sessionIds), 'logout');
    }
  }
}
