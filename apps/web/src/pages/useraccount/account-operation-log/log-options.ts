/** Actions modules write to the log; an entry with another action shows it as written. */
export const LOG_ACTIONS = [
  'create',
  'update',
  'delete',
  'disable',
  'enable',
  'clone',
  'copy',
  'move',
  'new_version',
  'import',
  'export',
  'revoke',
  'sign_in',
  'link_login',
  'set_password',
  'reset_password',
] as const;

/** Kinds of target: rows (`gift_package`) and, for imports and exports, whole tables (`gift-packages`). */
export const LOG_TARGETS = [
  'product',
  'channel',
  'sub_channel',
  'prop',
  'gift_package',
  'billing_point',
  'feedback_type',
  'error_code',
  'error_code_release',
  'help_category',
  'help_article',
  'auto_reply',
  'auto_reply_special',
  'game_api_key',
  'staff',
  'role',
  'cp_settings',
  'products',
  'channels',
  'sub-channels',
  'props',
  'gift-packages',
  'billing-points',
  'operation-logs',
  'roles',
] as const;

/** The filters the log page keeps in the address. */
export const LOG_FILTERS = [
  'username',
  'action',
  'target_type',
  'target_id',
  'product_id',
  'from',
  'to',
] as const;

/** Options of a filter: the known values plus the one in the address when it is not among them. */
export function withCurrent(known: readonly string[], current: string | undefined): string[] {
  return current && !known.includes(current) ? [...known, current] : [...known];
}
