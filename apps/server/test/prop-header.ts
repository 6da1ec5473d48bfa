/**
 * The columns of a game-props import file, in order (the API tests and the browser tests write
 * their files with it; no import here, so a browser test can read it without the server).
 */
export const PROP_HEADER = [
  'code',
  ...['zh', 'en', 'ja', 'th', 'vi', 'tl', 'id', 'ar', 'tc'].map((lang) => `name.${lang}`),
  'type',
  'rarity',
  'icon_url',
  'stack_limit',
  'expiry_days',
  'unit_value',
  'tags',
  'status',
];
