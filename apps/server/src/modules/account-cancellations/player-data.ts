/**
 * Where the schema holds a player's identity, table by table, and what an erasure does with it (the
 * account-cancellation job reads only these columns, through their indexes). `player-data.test.ts`
 * checks this against the migrated schema: a table with a column naming a player (`openid`,
 * `openids`, `player_*`, `role_id`, `sharer`, `invitee`, `*_openid`) or a JSON column must be
 * declared here or in `NO_PLAYER_DATA` with a reason, so a module that adds one cannot forget it.
 *
 * The words:
 * - `names`: columns that name the player; a row is the player's when one of them does:
 *   `openid` (the whole value is the openid), `openids` (a list of openids: text[] or a JSON array),
 *   `account` (the player's `players.id`, read when the erasure starts).
 * - `rows`: what becomes of the player's rows: `delete`, or `anonymise` (each `openid` column takes
 *   the request's pseudonym, the player leaves each `openids` list, the `personal` columns take the
 *   pseudonym; an `account` id stays: it names an account that no longer exists).
 * - `personal`: another identity of the player in their rows (role id, nickname, device, IP, an
 *   event id made of the openid), by the `names` column whose player it is: the value is replaced
 *   by the pseudonym, or, for text that only quotes the openid, each occurrence is.
 * - `quotes`: free text or JSON that may quote the openid in anyone's row (a note, a log's before
 *   and after, an event's body): each occurrence, as a whole token, nested at any depth in JSON
 *   (values, keys, inside a longer string), is replaced by the pseudonym. Found by a search of the
 *   game's (or CP's) rows: declared only where staff or games write about players.
 * - `cascade`: the rows go with the account (a key to `players` on delete cascade: checked).
 * - `unnamed`: text that may quote the openid in the rows whose `openid` names column is null (rows
 *   recorded before that column was): searched in those rows only, found through the column's index
 *   (it holds the nulls too); each occurrence is replaced as in `quotes`.
 */
export interface PlayerData {
  names?: Record<string, 'openid' | 'openids' | 'account'>;
  rows?: 'delete' | 'anonymise';
  /** Column → the `names` column whose player it describes; `quote` replaces occurrences only. */
  personal?: Record<string, { of: string; quote?: true }>;
  quotes?: string[];
  cascade?: true;
  /** Columns quoting the openid in the rows whose `openid` names column is null (see above). */
  unnamed?: string[];
  /** Columns named like player data that hold none, with the reason. */
  kept?: Record<string, string>;
}

const STAFF_CONFIG = "staff's configuration of the game; it names no player";
const ADS = 'advertising data of media accounts; it names no player';
/** A player's account id beside their openid: kept, it names an account that no longer exists. */
const SAME_PLAYER = 'the account id of the player the `openid` names (deleted)';
const STAFF_ROLE = "`role_id` is a staff role, not a player's";

export const PLAYER_DATA: Record<string, PlayerData> = {
  // The account: its sign-ins, devices, characters, orders and tags go with it.
  players: { names: { openid: 'openid' }, rows: 'delete' },
  player_devices: { cascade: true },
  player_logins: { cascade: true },
  player_orders: { cascade: true },
  player_roles: { cascade: true },
  player_tag_values: { cascade: true },
  user_group_members: { cascade: true },
  player_tiers: { names: { player_id: 'account' }, rows: 'delete' },
  player_tier_history: { names: { player_id: 'account' }, rows: 'delete' },
  player_event_ids: {
    // A game's event ids, kept to refuse a replay, with the openid of the event's player; a game may
    // build them from the openid. The ids recorded before the openid was are searched for it. An id
    // of one player's event is not searched for another's openid (every event names its one player).
    names: { openid: 'openid' },
    rows: 'anonymise',
    personal: { event_id: { of: 'openid', quote: true } },
    unnamed: ['event_id'],
  },
  // Things the player asked for or owns, useless once they are gone.
  push_tokens: { names: { openid: 'openid' }, rows: 'delete' },
  push_grants: { names: { openid: 'openid' }, rows: 'delete' },
  cs_blacklist: { names: { openid: 'openid' }, rows: 'delete' },
  cheat_whitelist: { names: { openid: 'openid', player_id: 'account' }, rows: 'delete' },
  mail_openids: { names: { openid: 'openid' }, rows: 'delete' },
  push_task_openids: { names: { openid: 'openid' }, rows: 'delete' },
  wechat_service_windows: { names: { openid: 'openid' }, rows: 'delete' },
  web_activity_progress: { names: { openid: 'openid' }, rows: 'delete' },
  test_accounts: { names: { value: 'openid' }, rows: 'delete' },
  // Records the game keeps (counts, money, sanctions): the player's name is replaced.
  push_deliveries: { names: { openid: 'openid' }, rows: 'anonymise' },
  // The file report's samples name the openids it left out (a duplicate is a player's).
  push_tasks: { names: { openids: 'openids' }, rows: 'anonymise', quotes: ['target', 'data', 'file_report'] },
  mail_recipients: {
    names: { player_id: 'account' },
    rows: 'anonymise',
    personal: { claimed_role_id: { of: 'player_id' } },
  },
  mails: { quotes: ['target'], kept: { unknown_openids: 'a count' } },
  app_releases: { names: { whitelist_openids: 'openids' }, rows: 'anonymise' },
  app_release_publishes: { quotes: ['snapshot'] },
  feature_modules: { names: { whitelist: 'openids' }, rows: 'anonymise' },
  debug_params: { names: { target: 'openid' }, rows: 'anonymise', quotes: ['value', 'note'] },
  code_redemptions: {
    names: { openid: 'openid' },
    rows: 'anonymise',
    personal: { role_id: { of: 'openid' } },
  },
  lottery_draws: { names: { openid: 'openid' }, rows: 'anonymise', kept: { player_id: SAME_PLAYER } },
  web_orders: {
    names: { openid: 'openid' },
    rows: 'anonymise',
    personal: { role_id: { of: 'openid' } },
    kept: { items: 'goods bought', currencies: 'amounts', activity_rewards: 'rewards given' },
  },
  web_activity_grants: { names: { openid: 'openid' }, rows: 'anonymise' },
  web_activity_orders: { names: { openid: 'openid' }, rows: 'anonymise' },
  refunds: {
    names: { openid: 'openid' },
    kept: { player_id: SAME_PLAYER },
    rows: 'anonymise',
    quotes: ['reason', 'ledger'],
  },
  refund_events: { quotes: ['reason', 'detail'] },
  sanctions: {
    names: { openid: 'openid', player_id: 'account' },
    rows: 'anonymise',
    personal: { device_id: { of: 'openid' } },
    quotes: ['reason', 'lift_reason', 'delivery'],
  },
  cheat_flags: {
    names: { openid: 'openid', player_id: 'account' },
    rows: 'anonymise',
    quotes: ['evidence', 'note'],
  },
  violation_events: {
    names: { openid: 'openid', player_id: 'account' },
    rows: 'anonymise',
    personal: {
      role_id: { of: 'openid' },
      device_id: { of: 'openid' },
      ip: { of: 'openid' },
      event_id: { of: 'openid', quote: true },
      evidence: { of: 'openid', quote: true },
    },
  },
  violation_offences: {
    names: { openid: 'openid', player_id: 'account' },
    rows: 'anonymise',
    quotes: ['note'],
  },
  violators: { names: { openid: 'openid', player_id: 'account' }, rows: 'anonymise', quotes: ['note'] },
  popup_events: {
    names: { openid: 'openid' },
    rows: 'anonymise',
    personal: { event_id: { of: 'openid', quote: true }, session: { of: 'openid', quote: true } },
  },
  share_events: {
    names: { sharer: 'openid', openid: 'openid' },
    rows: 'anonymise',
    personal: { event_id: { of: 'openid', quote: true } },
  },
  share_clicks: {
    names: { sharer: 'openid' },
    rows: 'anonymise',
    personal: { device: { of: 'sharer' } },
  },
  share_invite_rewards: { names: { invitee: 'openid', sharer: 'openid' }, rows: 'anonymise' },
  image_reviews: { names: { openid: 'openid' }, rows: 'anonymise', quotes: ['reason'] },
  wechat_service_log: { names: { openid: 'openid' }, rows: 'anonymise' },
  // Customer service: the player's conversations, tickets and notes, and staff's words about them.
  cs_conversations: {
    names: { openid: 'openid' },
    rows: 'anonymise',
    personal: { nickname: { of: 'openid' } },
    quotes: ['last_message', 'rating_comment'],
    kept: { player_read_id: "the last message the player read: a message's id" },
  },
  cs_messages: { quotes: ['body', 'author_name'] },
  cs_complaints: { quotes: ['reason', 'outcome'] },
  cs_player_notes: { names: { openid: 'openid' }, rows: 'anonymise', quotes: ['body'] },
  cs_player_note_revisions: { quotes: ['body'] },
  cs_quality_reviews: { quotes: ['comment'], kept: { scores: 'rubric scores' } },
  tickets: {
    names: { openid: 'openid', reported_openid: 'openid' },
    rows: 'anonymise',
    personal: {
      role_id: { of: 'openid' },
      role_name: { of: 'openid' },
      reported_role: { of: 'reported_openid' },
    },
    quotes: ['content', 'rating_comment', 'attachments'],
  },
  ticket_replies: { quotes: ['body', 'attachments'] },
  // What staff and the system wrote about players: logs, approvals, jobs, events, saved filters.
  operation_logs: { quotes: ['target_id', 'target_name', 'before', 'after'] },
  approval_requests: {
    quotes: ['target_id', 'target_name', 'reason', 'comment', 'before', 'after', 'payload', 'result'],
  },
  jobs: { quotes: ['params', 'summary', 'error'] },
  job_items: { quotes: ['input', 'output', 'message'] },
  callback_events: { quotes: ['body'] },
  user_groups: { quotes: ['rule'], kept: { layers: 'layer sizes and salts' } },
  saved_views: { quotes: ['state'] },
};

/** Tables with a JSON column or a column named like player data that hold no player's identity. */
export const NO_PLAYER_DATA: Record<string, string> = {
  account_cancellations: 'the receipt: the one place the openid stays, by design',
  role_permissions: STAFF_ROLE,
  user_roles: STAFF_ROLE,
  player_tier_settings: STAFF_CONFIG,
  ad_batch_ads: ADS,
  ad_batch_templates: ADS,
  ad_batches: ADS,
  ad_cost_batches: ADS,
  ad_rules: ADS,
  announcements: STAFF_CONFIG,
  app_packages: STAFF_CONFIG,
  auto_reply_rules: STAFF_CONFIG,
  auto_reply_specials: STAFF_CONFIG,
  billing_points: STAFF_CONFIG,
  bugs: "staff's bug reports on releases",
  callback_endpoints: STAFF_CONFIG,
  cs_notices: STAFF_CONFIG,
  cs_panels: STAFF_CONFIG,
  cs_quality_rubrics: STAFF_CONFIG,
  cs_settings: STAFF_CONFIG,
  cs_teams: STAFF_CONFIG,
  document_versions: "staff's internal documents",
  documents: "staff's internal documents",
  error_code_releases: STAFF_CONFIG,
  error_codes: STAFF_CONFIG,
  feedback_types: STAFF_CONFIG,
  gift_packages: STAFF_CONFIG,
  help_categories: STAFF_CONFIG,
  incidents: 'incidents of games and regions, not of a player',
  landing_page_versions: STAFF_CONFIG,
  landing_pages: STAFF_CONFIG,
  lotteries: STAFF_CONFIG,
  outside_parties: "an outside party's settings",
  popups: STAFF_CONFIG,
  products: STAFF_CONFIG,
  profile_tags: STAFF_CONFIG,
  props: STAFF_CONFIG,
  push_templates: STAFF_CONFIG,
  refund_polls: "a store's polling cursor",
  schedules: "the scheduler's tasks",
  share_material_strategies: STAFF_CONFIG,
  share_multi_images: STAFF_CONFIG,
  share_platform_setups: STAFF_CONFIG,
  share_strategies: STAFF_CONFIG,
  share_tracking_settings: STAFF_CONFIG,
  share_videos: STAFF_CONFIG,
  share_words: STAFF_CONFIG,
  social_access_policies: STAFF_CONFIG,
  test_runs: "QA's runs of test cases",
  version_fields: STAFF_CONFIG,
  violation_templates: STAFF_CONFIG,
  web_activities: STAFF_CONFIG,
  web_goods: STAFF_CONFIG,
  web_order_events: "an order's state changes (the order itself is anonymised)",
  web_sites: STAFF_CONFIG,
  wechat_service_rules: STAFF_CONFIG,
};

/** A column named like player data (the schema test's rule). */
export const NAMES_PLAYER = /^(openid|openids|role_id|sharer|invitee)$|^player_|_openids?$/;

/** Every column a declaration names, with its treatment. */
export function declaredColumns(table: PlayerData): string[] {
  return [
    ...new Set([
      ...Object.keys(table.names ?? {}),
      ...Object.keys(table.personal ?? {}),
      ...(table.quotes ?? []),
      ...(table.unnamed ?? []),
    ]),
  ];
}
