import { createHash, randomBytes } from 'node:crypto';
import {
  FakeScript,
  OutsideError,
  actOut,
  type FakeMode,
  type PartyContext,
  type TokenGrant,
} from '../../../lib/outside/index.ts';
import type {
  AdMediumAdapter,
  MediumAccount,
  MediumAccountState,
  MediumCampaignDay,
  MediumGrant,
  MediumLanding,
  MadeAd,
  MediumObject,
  MediumMinigameDay,
  MediumReportDay,
  NewAd,
  ObjectChange,
} from './adapter.ts';

/** The common failures, and `refresh_refused`: the medium no longer renews the grant (authorise again). */
export type FakeMediumMode = FakeMode | 'refresh_refused' | 'created_timeout';

const HOUR = 3600_000;

/**
 * The built-in fake of every medium's marketing API. An authorisation code names what it grants:
 * `fake-agent-<n>` an agent with three advertisers, anything else one advertiser (its id derived
 * from the code). Tokens are issued and checked: a call with a token the fake did not issue (or
 * revoked) answers 401, and a refresh consumes the refresh token (rotation). Balances start from the
 * account id and change with `setBalance`. `script` (or `plan`) acts out failures: `rate_limit`,
 * `fail`, `timeout`, `token_expired` (revokes the token the call carried), `refresh_refused`.
 * `accessMs` and `grantMs` set the lifetimes the next grants carry (tests shorten them).
 */
export class FakeMedia {
  readonly script = new FakeScript<FakeMediumMode>('ok');
  readonly calls: { media: string; operation: string; outcome: FakeMediumMode }[] = [];
  accessMs = 24 * HOUR;
  grantMs = 30 * 24 * HOUR;
  private readonly tokens = new Map<string, string>(); // access token → grant account
  private readonly refreshTokens = new Map<string, string>();
  private readonly balances = new Map<string, number>();
  private readonly statuses = new Map<string, string>();
  /** The ads made, by request id (the medium's idempotency: a request id makes one ad). */
  readonly ads = new Map<
    string,
    MadeAd & { accountId: string; title: string; materials: string[]; landing: MediumLanding | null }
  >();
  /** How many ads the medium actually made (a request id answered again is not counted). */
  adsMade = 0;
  /** Accounts the medium refuses to make ads on (as a frozen account is refused). */
  readonly frozen = new Set<string>();
  /** How many times the medium restated an account's day (its figures change with each). */
  private readonly restated = new Map<string, number>();
  /** Live objects changed by edits, by object id (the others are derived from their account). */
  private readonly objectState = new Map<string, MediumObject>();
  /** Edits the medium applied (a refused one is not counted). */
  objectEdits = 0;
  refreshes = 0;
  /** Awaited before a refresh is answered (a test holds one to make two instances overlap). */
  beforeRefresh: (() => Promise<void>) | null = null;

  reset(): void {
    this.script.reset();
    this.calls.length = 0;
    this.accessMs = 24 * HOUR;
    this.grantMs = 30 * 24 * HOUR;
    this.tokens.clear();
    this.refreshTokens.clear();
    this.balances.clear();
    this.statuses.clear();
    this.restated.clear();
    this.ads.clear();
    this.adsMade = 0;
    this.frozen.clear();
    this.refreshes = 0;
    this.beforeRefresh = null;
    this.objectState.clear();
    this.objectEdits = 0;
  }

  /** The smallest daily budget the fake medium takes, in cents (Ocean Engine's is 300 yuan). */
  static readonly MIN_BUDGET = 30_000;

  /**
   * An advertiser's live objects: two campaigns with an ad group each, plus the ads made on it
   * (campaign and ad group), as edits left them.
   */
  objectsOf(media: string, accountId: string): MediumObject[] {
    const base: MediumObject[] = [];
    const add = (o: Omit<MediumObject, 'accountId' | 'token' | 'mediaStatus' | 'spendToday'>) => {
      const seed = createHash('sha256').update(`${accountId}|${o.objectId}`).digest();
      base.push({
        ...o,
        accountId,
        mediaStatus: o.status === 'active' ? 'ENABLE' : 'DISABLE',
        spendToday: seed.readUInt16BE(0) * 3,
        token: '1',
      });
    };
    for (const n of [1, 2]) {
      const campaign = `${accountId}-c${n}`;
      add({
        level: 'campaign',
        objectId: campaign,
        parentId: '',
        name: `${media} campaign ${n}`,
        status: 'active',
        budget: 50_000 * n,
        bid: null,
      });
      add({
        level: 'adgroup',
        objectId: `${accountId}-g${n}`,
        parentId: campaign,
        name: `${media} ad group ${n}`,
        status: 'active',
        budget: 40_000,
        bid: 100 * n,
      });
    }
    for (const ad of this.ads.values()) {
      if (ad.accountId !== accountId) continue;
      add({
        level: 'campaign',
        objectId: ad.campaignId,
        parentId: '',
        name: ad.title,
        status: 'active',
        budget: 50_000,
        bid: null,
      });
      add({
        level: 'adgroup',
        objectId: ad.adgroupId,
        parentId: ad.campaignId,
        name: ad.title,
        status: 'active',
        budget: 50_000,
        bid: 120,
      });
    }
    return base.map((o) => this.objectState.get(o.objectId) ?? o);
  }

  async objects(media: string, ids: string[], token: string, signal: AbortSignal): Promise<MediumObject[]> {
    await this.act(media, 'objects', signal, token);
    return ids.flatMap((id) => this.objectsOf(media, id));
  }

  /**
   * Applies an edit when the token is the object's current one (else refused: it changed since);
   * a frozen account, a budget under the minimum or a bid on a campaign are refused with a reason.
   */
  async updateObject(
    media: string,
    target: Pick<MediumObject, 'accountId' | 'level' | 'objectId' | 'token'>,
    change: ObjectChange,
    token: string,
    signal: AbortSignal,
  ): Promise<MediumObject> {
    await this.act(media, 'update_object', signal, token);
    const object = this.objectsOf(media, target.accountId).find((o) => o.objectId === target.objectId);
    const refuse = (reason: string) => {
      throw new OutsideError('refused', `${media}: ${reason}`, { status: 200 });
    };
    if (!object) return refuse(`no object ${target.objectId} on account ${target.accountId}`);
    if (this.frozen.has(target.accountId)) refuse(`account ${target.accountId} is frozen`);
    if (object.token !== target.token)
      refuse(`object ${target.objectId} changed since it was read (version ${object.token}); read it again`);
    if (change.action === 'budget' && change.value < FakeMedia.MIN_BUDGET)
      refuse(`daily budget must be at least ${(FakeMedia.MIN_BUDGET / 100).toFixed(2)}`);
    if (change.action === 'bid' && object.level !== 'adgroup')
      refuse('a bid is set on ad groups, not campaigns');
    const next: MediumObject = { ...object, token: String(Number(object.token) + 1) };
    if (change.action === 'pause') Object.assign(next, { status: 'paused', mediaStatus: 'DISABLE' });
    if (change.action === 'resume') Object.assign(next, { status: 'active', mediaStatus: 'ENABLE' });
    if (change.action === 'budget') next.budget = change.value;
    if (change.action === 'bid') next.bid = change.value;
    this.objectState.set(object.objectId, next);
    this.objectEdits += 1;
    return next;
  }

  /** Someone changes an object on the medium itself (its token moves on). */
  touchObject(media: string, accountId: string, objectId: string): void {
    const object = this.objectsOf(media, accountId).find((o) => o.objectId === objectId);
    if (object) this.objectState.set(objectId, { ...object, token: String(Number(object.token) + 1) });
  }

  /** The medium restates an account's day: the next pull of it answers other figures. */
  restate(accountId: string, day: string): void {
    const key = `${accountId}|${day}`;
    this.restated.set(key, (this.restated.get(key) ?? 0) + 1);
  }

  /** An account's figures of a day: derived from the account, the day and its restatements. */
  figuresOf(accountId: string, day: string): MediumReportDay {
    const seed = createHash('sha256')
      .update(`${accountId}|${day}|${this.restated.get(`${accountId}|${day}`) ?? 0}`)
      .digest();
    const impressions = 1000 + (seed.readUInt32BE(0) % 50_000);
    const clicks = Math.floor((impressions * (10 + (seed[4]! % 40))) / 1000);
    const conversions = Math.floor(clicks / (5 + (seed[5]! % 20)));
    const cost = clicks * (20 + (seed.readUInt16BE(6) % 180));
    return { accountId, day, cost, impressions, clicks, conversions };
  }

  /**
   * An account's day split over its two standing campaigns (`<account>-c1` and `-c2`): the first
   * takes a share drawn from the day (30–69 %) of each figure, the second the rest, so the campaigns
   * add up to the account's day exactly.
   */
  campaignFiguresOf(media: string, accountId: string, day: string): MediumCampaignDay[] {
    const whole = this.figuresOf(accountId, day);
    const share = 30 + (createHash('sha256').update(`${accountId}|${day}|campaigns`).digest()[0]! % 40);
    const part = (n: number) => Math.floor((n * share) / 100);
    const first = {
      cost: part(whole.cost),
      impressions: part(whole.impressions),
      clicks: part(whole.clicks),
      conversions: part(whole.conversions),
    };
    return [
      { ...whole, ...first, campaignId: `${accountId}-c1`, campaignName: `${media} campaign 1` },
      {
        ...whole,
        cost: whole.cost - first.cost,
        impressions: whole.impressions - first.impressions,
        clicks: whole.clicks - first.clicks,
        conversions: whole.conversions - first.conversions,
        campaignId: `${accountId}-c2`,
        campaignName: `${media} campaign 2`,
      },
    ];
  }

  setBalance(accountId: string, cents: number): void {
    this.balances.set(accountId, cents);
  }

  setStatus(accountId: string, status: string): void {
    this.statuses.set(accountId, status);
  }

  /** Revokes every access token (as if they all lapsed at the medium). */
  revokeAll(): void {
    this.tokens.clear();
  }

  private async act(media: string, operation: string, signal: AbortSignal, token?: string) {
    const outcome = this.script.next();
    this.calls.push({ media, operation, outcome });
    if (outcome === 'token_expired' && token) this.tokens.delete(token);
    if (outcome === 'refresh_refused' && operation === 'refresh')
      throw new OutsideError('refused', `${media}: the refresh token has lapsed (fake: refresh_refused)`, {
        status: 200,
      });
    await actOut(outcome, `${media} ${operation}`, signal);
    if (token !== undefined && !this.tokens.has(token))
      throw new OutsideError('token_expired', `${media} refused the access token (fake)`, { status: 401 });
  }

  private issue(grantAccount: string): TokenGrant & { grantExpiresAt: Date } {
    const accessToken = `fake-access-${randomBytes(8).toString('hex')}`;
    const refreshToken = `fake-refresh-${randomBytes(8).toString('hex')}`;
    this.tokens.set(accessToken, grantAccount);
    this.refreshTokens.set(refreshToken, grantAccount);
    return {
      accessToken,
      refreshToken,
      expiresAt: new Date(Date.now() + this.accessMs),
      grantExpiresAt: new Date(Date.now() + this.grantMs),
    };
  }

  static accountsOf(media: string, root: string): MediumAccount[] {
    const agent = /-agent-/.test(root);
    if (!agent)
      return [{ accountId: root, name: `${media} advertiser ${root.slice(-4)}`, role: 'advertiser' }];
    return [
      { accountId: root, name: `${media} agent ${root.slice(-4)}`, role: 'agent' },
      ...[1, 2, 3].map((n) => ({
        accountId: `${root}-${n}`,
        name: `${media} advertiser ${root.slice(-4)}-${n}`,
        role: 'advertiser' as const,
        parentId: root,
      })),
    ];
  }

  /** The account a code grants (the root of what it reaches). */
  static rootOf(media: string, code: string): string {
    const agent = /^fake-agent-(\d{1,6})$/.exec(code);
    if (agent) return `${media}-agent-${agent[1]}`;
    const n = parseInt(createHash('sha256').update(code).digest('hex').slice(0, 8), 16) % 900_000;
    return `${media}-${100_000 + n}`;
  }

  async exchange(media: string, code: string, signal: AbortSignal): Promise<MediumGrant> {
    await this.act(media, 'token', signal);
    if (!code.startsWith('fake-')) throw new OutsideError('refused', `${media}: invalid auth code (fake)`);
    const root = FakeMedia.rootOf(media, code);
    const { grantExpiresAt, ...grant } = this.issue(root);
    return { grant, grantExpiresAt, grantAccount: root, accounts: FakeMedia.accountsOf(media, root) };
  }

  async refresh(media: string, refreshToken: string, signal: AbortSignal) {
    await this.beforeRefresh?.();
    await this.act(media, 'refresh', signal);
    const root = this.refreshTokens.get(refreshToken);
    if (!root) throw new OutsideError('refused', `${media}: unknown refresh token (fake)`);
    this.refreshTokens.delete(refreshToken);
    this.refreshes += 1;
    return this.issue(root);
  }

  async accounts(media: string, root: string, token: string, signal: AbortSignal) {
    await this.act(media, 'accounts', signal, token);
    return FakeMedia.accountsOf(media, root);
  }

  async states(media: string, ids: string[], token: string, signal: AbortSignal) {
    await this.act(media, 'balance', signal, token);
    return ids.map((accountId): MediumAccountState => ({
      accountId,
      mediaStatus: this.statuses.get(accountId) ?? 'ENABLE',
      balance:
        this.balances.get(accountId) ??
        parseInt(createHash('sha256').update(accountId).digest('hex').slice(0, 6), 16) * 10,
      currency: 'CNY',
    }));
  }

  /**
   * Makes an ad once per request id. `created_timeout` makes it and then loses the answer (a
   * timeout after the medium acted): the caller retries with the same request id and gets it.
   */
  async createAd(media: string, ad: NewAd, token: string, signal: AbortSignal): Promise<MadeAd> {
    const outcome = this.script.next();
    this.calls.push({ media, operation: 'create_ad', outcome });
    if (outcome === 'token_expired') this.tokens.delete(token);
    if (outcome !== 'created_timeout') await actOut(outcome, `${media} create_ad`, signal);
    if (!this.tokens.has(token))
      throw new OutsideError('token_expired', `${media} refused the access token (fake)`, { status: 401 });
    if (this.frozen.has(ad.accountId))
      throw new OutsideError('refused', `${media}: account ${ad.accountId} is frozen (fake)`, {
        status: 200,
      });
    const made = this.make(media, ad);
    if (outcome === 'created_timeout')
      throw new OutsideError('timeout', `${media} create_ad: no answer in time (fake: created_timeout)`);
    return made;
  }

  private make(media: string, ad: NewAd): MadeAd {
    const made = this.ads.get(ad.requestId);
    if (made) return { campaignId: made.campaignId, adgroupId: made.adgroupId, creativeId: made.creativeId };
    this.adsMade += 1;
    const n = this.adsMade;
    const ids = { campaignId: `${media}-c${n}`, adgroupId: `${media}-g${n}`, creativeId: `${media}-cr${n}` };
    this.ads.set(ad.requestId, {
      ...ids,
      accountId: ad.accountId,
      title: ad.title,
      materials: ad.materials ?? [],
      landing: ad.landing ?? null,
    });
    return ids;
  }

  async report(media: string, ids: string[], from: string, to: string, token: string, signal: AbortSignal) {
    await this.act(media, 'report', signal, token);
    const days: MediumReportDay[] = [];
    for (let day = from; day <= to; day = nextDay(day))
      for (const id of ids) days.push(this.figuresOf(id, day));
    return days;
  }

  async campaignReport(
    media: string,
    ids: string[],
    from: string,
    to: string,
    token: string,
    signal: AbortSignal,
  ) {
    await this.act(media, 'campaign_report', signal, token);
    const days: MediumCampaignDay[] = [];
    for (let day = from; day <= to; day = nextDay(day))
      for (const id of ids) days.push(...this.campaignFiguresOf(media, id, day));
    return days;
  }

  /**
   * Each account promotes one mini-game (its AppID drawn from the account id); the day's figures
   * are its report day's, with registrations and payments drawn from the same seed.
   */
  async minigameReport(
    media: string,
    ids: string[],
    from: string,
    to: string,
    token: string,
    signal: AbortSignal,
  ) {
    await this.act(media, 'minigame_report', signal, token);
    const days: MediumMinigameDay[] = [];
    for (let day = from; day <= to; day = nextDay(day))
      for (const id of ids) days.push(fakeMinigameDay(this.figuresOf(id, day)));
    return days;
  }
}

/** A fake mini-game day from a report day (deterministic, so tests can work it out). */
export function fakeMinigameDay(f: MediumReportDay): MediumMinigameDay {
  const seed = createHash('sha256').update(`${f.accountId}|${f.day}|mini`).digest();
  const registrations = Math.floor((f.conversions * (60 + (seed[0]! % 40))) / 100);
  const payUsersD1 = Math.floor(registrations / (4 + (seed[1]! % 8)));
  const payAmountD1 = payUsersD1 * (600 + (seed.readUInt16BE(2) % 6000));
  return {
    accountId: f.accountId,
    miniGameId: `wx${createHash('sha256').update(f.accountId).digest('hex').slice(0, 16)}`,
    day: f.day,
    cost: f.cost,
    impressions: f.impressions,
    clicks: f.clicks,
    activations: f.conversions,
    registrations,
    payUsersD1,
    payAmountD1,
    payAmountD3: Math.round(payAmountD1 * 1.6),
    payAmountD7: Math.round(payAmountD1 * 2.3),
    payUsers: payUsersD1 * 2,
    payAmount: Math.round(payAmountD1 * 3),
  };
}

/** The day after a `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const fake = new FakeMedia();
export const fakeMedia = (): FakeMedia => fake;

/**
 * A medium's adapter over the fake, through the kit (its calls are timed out, retried and logged as
 * a real one's). The authorisation page is simulated: it sends staff straight back with a code.
 */
export function fakeMediumAdapter(
  media: string,
  ctx: PartyContext<{ redirect_uri?: string }>,
  consolePage: string,
): AdMediumAdapter {
  let renewedGrantExpiry: Date | null | undefined;
  const obtain = async ({ refreshToken }: { refreshToken: string | null }) => {
    if (!refreshToken) throw new OutsideError('refused', 'not authorised: authorise the account again');
    const { grantExpiresAt, ...grant } = await ctx.call('refresh', async (a) => ({
      value: await fake.refresh(media, refreshToken, a.signal),
    }));
    renewedGrantExpiry = grantExpiresAt;
    return grant;
  };
  return {
    simulated: true,
    authorizeUrl: (state) => {
      const back = ctx.settings.redirect_uri || consolePage;
      const url = new URL(back, 'http://console.invalid');
      url.searchParams.set('code', 'fake-agent-1');
      url.searchParams.set('state', state);
      return back.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
    },
    exchange: (code) =>
      ctx.call('token', async (a) => ({ value: await fake.exchange(media, code, a.signal) })),
    async renew(withinMs) {
      renewedGrantExpiry = undefined;
      await ctx.token(obtain, { renewWithinMs: withinMs });
      return renewedGrantExpiry === undefined ? {} : { grantExpiresAt: renewedGrantExpiry };
    },
    accounts: () =>
      ctx.authorized(obtain, (token) =>
        ctx.call('accounts', async (a) => ({
          value: await fake.accounts(media, ctx.account, token, a.signal),
        })),
      ),
    states: (ids) =>
      ctx.authorized(obtain, (token) =>
        ctx.call('balance', async (a) => ({ value: await fake.states(media, ids, token, a.signal) })),
      ),
    createAd: (ad) =>
      ctx.authorized(obtain, (token) =>
        ctx.call('create_ad', async (a) => ({ value: await fake.createAd(media, ad, token, a.signal) })),
      ),
    objects: (ids) =>
      ctx.authorized(obtain, (token) =>
        ctx.call('objects', async (a) => ({ value: await fake.objects(media, ids, token, a.signal) })),
      ),
    updateObject: (target, change) =>
      ctx.authorized(obtain, (token) =>
        ctx.call('update_object', async (a) => ({
          value: await fake.updateObject(media, target, change, token, a.signal),
        })),
      ),
    report: (ids, from, to) =>
      ctx.authorized(obtain, (token) =>
        ctx.call('report', async (a) => ({
          value: await fake.report(media, ids, from, to, token, a.signal),
        })),
      ),
    campaignReport: (ids, from, to) =>
      ctx.authorized(obtain, (token) =>
        ctx.call('campaign_report', async (a) => ({
          value: await fake.campaignReport(media, ids, from, to, token, a.signal),
        })),
      ),
    minigameReport: (ids, from, to) =>
      ctx.authorized(obtain, (token) =>
        ctx.call('minigame_report', async (a) => ({
          value: await fake.minigameReport(media, ids, from, to, token, a.signal),
        })),
      ),
  };
}
