import type { AdAccountRole } from '@rx/contracts';
import type { TokenGrant } from '../../../lib/outside/index.ts';

/** An account an authorisation reaches, in the medium's terms. */
export interface MediumAccount {
  accountId: string;
  name: string;
  role: AdAccountRole;
  /** The agent's account id an advertiser sits under, when the grant shows it. */
  parentId?: string;
}

/** What an authorisation code is exchanged for. */
export interface MediumGrant {
  grant: TokenGrant;
  /** When the refresh token lapses (staff authorise again before), if the medium says. */
  grantExpiresAt: Date | null;
  /** The account whose tokens these are: the key they are stored under. */
  grantAccount: string;
  accounts: MediumAccount[];
}

/** An account's state on the medium. */
export interface MediumAccountState {
  accountId: string;
  name?: string;
  /** The medium's own status word. */
  mediaStatus: string;
  /** In cents of `currency`. */
  balance: number;
  currency: string;
}

/** An advertiser account's figures of one day, as the medium reports them. */
export interface MediumReportDay {
  accountId: string;
  /** `YYYY-MM-DD`. */
  day: string;
  /** In cents. */
  cost: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

/**
 * A campaign's figures of one day under an advertiser account, as the medium's campaign-level report
 * gives them (Ocean Engine's campaigns; Tencent v3's ad groups, which stand for campaigns there).
 */
export interface MediumCampaignDay extends MediumReportDay {
  campaignId: string;
  campaignName: string;
}

/**
 * A promoted WeChat mini-game's figures of one day under an advertiser account (Tencent), in cents:
 * the day's registrations' revenue on their first day, by day 3 and day 7, and so far.
 */
export interface MediumMinigameDay {
  accountId: string;
  /** The mini-game's AppID. */
  miniGameId: string;
  day: string;
  cost: number;
  impressions: number;
  clicks: number;
  activations: number;
  registrations: number;
  payUsersD1: number;
  payAmountD1: number;
  payAmountD3: number;
  payAmountD7: number;
  payUsers: number;
  payAmount: number;
}

/** Where an ad lands: a window of the game on the medium (`ad-windows`), as the batch kept it. */
export interface MediumLanding {
  kind: 'mini_program' | 'h5' | 'app';
  /** WeChat mini-game / mini-program AppID and page path (kind `mini_program`). */
  miniProgramId: string;
  path: string;
  /** H5 address (kind `h5`). */
  url: string;
  /** The app's id on the medium and its package name (kind `app`). */
  appId: string;
  packageName: string;
}

/** One ad to make: a campaign, an ad group under it and a creative, under one request id. */
export interface NewAd {
  /** Ours, the same on every attempt: the medium makes the ad once per request id. */
  requestId: string;
  accountId: string;
  campaignName: string;
  /** Daily budget and bid in cents. */
  budget: number;
  bid: number;
  title: string;
  /** The creative's layout and its image or video addresses (none: text alone). */
  layout?: string;
  materials?: string[];
  /** Where it lands (none: the medium's default for the account). */
  landing?: MediumLanding;
}

/** The medium's ids of an ad it made. */
export interface MadeAd {
  campaignId: string;
  adgroupId: string;
  creativeId: string;
}

/** A live object of an advertiser account on the medium: a campaign or an ad group under one. */
export interface MediumObject {
  accountId: string;
  level: 'campaign' | 'adgroup';
  objectId: string;
  /** The campaign an ad group is under ('' for a campaign). */
  parentId: string;
  name: string;
  /** Whether it delivers, as the console reads the medium's status. */
  status: 'active' | 'paused' | 'deleted';
  /** The medium's own status word. */
  mediaStatus: string;
  /** Daily budget and bid in cents (null where the level has none). */
  budget: number | null;
  bid: number | null;
  /** Spent today, in cents. */
  spendToday: number;
  /** The medium's concurrency token of the object as read: an edit names it. */
  token: string;
}

/** An edit of a live object: pause, resume, or a new budget or bid (cents). */
export type ObjectChange =
  | { action: 'pause' }
  | { action: 'resume' }
  | { action: 'budget'; value: number }
  | { action: 'bid'; value: number };

/**
 * A medium's marketing API as the ads module uses it, opened for one grant (the `account` of
 * `app.outside.open` is the grant account; '' to start and complete an authorisation).
 */
export interface AdMediumAdapter {
  /** True for the built-in fake. */
  readonly simulated: boolean;
  /** The medium's authorisation page, carrying `state`, sending staff back to the configured address. */
  authorizeUrl(state: string): string;
  /** Exchanges the code the medium sent back for tokens and the accounts they reach. */
  exchange(code: string): Promise<MediumGrant>;
  /**
   * Renews this grant's access token now if it lapses within `withinMs` (once across instances,
   * under the kit's lock). Answers the grant's new expiry when this call renewed it and the medium
   * said, else undefined.
   */
  renew(withinMs: number): Promise<{ grantExpiresAt?: Date | null }>;
  /** The accounts this grant reaches now (an agent's advertisers included). */
  accounts(): Promise<MediumAccount[]>;
  /** Status and balance of these accounts. */
  states(accountIds: string[]): Promise<MediumAccountState[]>;
  /** Daily figures of these advertiser accounts from `from` to `to` (days, inclusive); days without any are left out. */
  report(accountIds: string[], from: string, to: string): Promise<MediumReportDay[]>;
  /** Daily figures per campaign of these advertiser accounts (deleted campaigns included); days without any left out. */
  campaignReport(accountIds: string[], from: string, to: string): Promise<MediumCampaignDay[]>;
  /** Mini-game figures per day and mini-game of these advertiser accounts (media that promote mini-games). */
  minigameReport?(accountIds: string[], from: string, to: string): Promise<MediumMinigameDay[]>;
  /** Makes one ad (campaign, ad group, creative); the same request id again answers the same ad. */
  createAd(ad: NewAd): Promise<MadeAd>;
  /** The live campaigns and ad groups of these advertiser accounts. */
  objects(accountIds: string[]): Promise<MediumObject[]>;
  /**
   * Sends an edit of one object with the token it was read with; the medium refuses (`refused`,
   * its reason) an object changed since, and answers the object as it is now.
   */
  updateObject(
    object: Pick<MediumObject, 'accountId' | 'level' | 'objectId' | 'token'>,
    change: ObjectChange,
  ): Promise<MediumObject>;
}
