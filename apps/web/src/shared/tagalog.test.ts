import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import enUS from 'antd/es/locale/en_US';
import tlPH from './antd-locale-tl.ts';

// Tagalog staff read Filipino, not the English the translations started from: every string the
// same as English is a name (stores, platforms, social networks) or only placeholders.

const LOCALES = new URL('../locales/', import.meta.url);

/** Names and technical words that stay as they are in Filipino. */
const SAME_IN_FILIPINO = new Set([
  'iOS',
  'Android',
  'PC',
  'Web',
  'OK',
  'Password',
  'Avatar',
  'Sandbox',
  'sandbox',
  'App Store',
  'Google Play',
  'Samsung',
  'OPPO',
  'vivo',
  'Huawei',
  'Xiaomi',
  'Honor',
  'WeChat',
  'WeChat Pay',
  'Alipay',
  'Meituan',
  'Douyin',
  'JD.com',
  'QQ',
  'Baidu',
  'Bilibili',
  'Facebook',
  'Messenger',
  'LINE',
  'TikTok',
  'Zalo',
  'Snapchat',
  'Reddit',
  'Toutiao',
  'Kuaishou',
  'HarmonyOS',
  // A player's account id in games, a field name.
  'openid',
  // Technical terms and formats staff use as they are.
  'CTR',
  'JSON',
]);

/** Nothing to translate once the placeholders (`{{x}}`, `${x}`) are taken out. */
const onlyPlaceholders = (text: string) => !/\p{L}/u.test(text.replace(/\{\{\w+\}\}|\$\{\w+\}/g, ''));

type Tree = { [key: string]: Tree | string | unknown };

function* strings(tree: unknown, path = ''): Generator<[string, string]> {
  if (typeof tree === 'string') yield [path, tree];
  else if (tree && typeof tree === 'object')
    for (const [key, value] of Object.entries(tree as Tree))
      yield* strings(value, path ? `${path}.${key}` : key);
}

const read = (lang: string, file: string) =>
  JSON.parse(readFileSync(new URL(`${lang}/${file}`, LOCALES), 'utf8'));

describe('Tagalog', () => {
  it('translates every interface string that is not a name', () => {
    const untranslated: string[] = [];
    for (const file of readdirSync(new URL('en/', LOCALES))) {
      const english = new Map(strings(read('en', file)));
      for (const [key, text] of strings(read('tl', file)))
        if (english.get(key) === text && !SAME_IN_FILIPINO.has(text) && !onlyPlaceholders(text))
          untranslated.push(`${file} ${key}: ${text}`);
    }
    expect(untranslated).toEqual([]);
  });

  it('gives antd every text of its English locale, in Filipino', () => {
    const ours = new Map(strings(tlPH));
    const missing: string[] = [];
    const english: string[] = [];
    for (const [key, text] of strings(enUS)) {
      if (key === 'locale' || key.startsWith('DatePicker.lang.locale') || key.endsWith('Format')) continue;
      const translated = ours.get(key);
      if (translated === undefined) missing.push(key);
      else if (translated === text && !SAME_IN_FILIPINO.has(text) && !onlyPlaceholders(text))
        english.push(key);
    }
    expect(missing).toEqual([]);
    expect(english).toEqual([]);
  });
});
