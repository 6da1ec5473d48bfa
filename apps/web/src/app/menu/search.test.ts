import { describe, expect, it } from 'vitest';
import { pinyin } from 'pinyin-pro';
import { PAGE_CATALOGUE } from '@rx/contracts/pages';
import zh from '@/locales/zh/menu.json';
import en from '@/locales/en/menu.json';
import { buildMenu } from './build.ts';
import {
  matchItems,
  moveHighlight,
  normalise,
  searchItems,
  SEARCH_SKIPS_TOP_LEVEL,
  textsOf,
} from './search.ts';

const pinyinOf = (text: string) => ({
  full: pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(''),
  initials: pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(
    '',
  ),
});
const inZh = (key: string) => (zh as Record<string, string>)[key] ?? key;
const inEn = (key: string) => (en as Record<string, string>)[key] ?? key;
const menu = buildMenu(PAGE_CATALOGUE.slice(SEARCH_SKIPS_TOP_LEVEL), {
  permissions: [],
  roles: ['admin'],
  region: 'gn',
});
const titles = (query: string, translate = inZh) =>
  matchItems(searchItems(menu, translate, inZh, pinyinOf), query).map((item) => item.title);

describe('menu search', () => {
  it('finds a Chinese title by full pinyin, initials or characters', () => {
    expect(titles('youjian')).toContain('邮件管理');
    expect(titles('yjgl')).toContain('邮件管理');
    expect(titles('YJ GL')).toContain('邮件管理');
    expect(titles('邮件')).toEqual(expect.arrayContaining(['邮件管理']));
    expect(titles('yjgl')[0]).toBe('邮件管理');
  });

  it('finds titles in the interface language, and still by pinyin', () => {
    expect(titles('mail', inEn)).toEqual(['Mail management', 'Mail management (new)']);
    expect(titles('youjian', inEn)).toContain('Mail management');
  });

  it('skips the first two top-level entries', () => {
    expect(titles('shouye')).not.toContain('首页');
    expect(titles('gongdan')).toEqual([]);
  });

  it('ranks titles starting with the query first and ignores an empty query', () => {
    expect(titles('')).toEqual([]);
    const refunds = titles('tuikuan');
    expect(refunds[0]).toBe('退款管理');
  });

  it('keeps the groups above each page', () => {
    const [mail] = matchItems(searchItems(menu, inEn, inZh, pinyinOf), 'mail management');
    expect(mail).toMatchObject({
      key: '/tooloperate/tooloperate-fe/base/mail-manage',
      trail: ['Basic operational tools'],
    });
  });

  it('normalises and wraps the highlight', () => {
    expect(normalise(' Mail  Box ')).toBe('mailbox');
    expect(textsOf('Mail', pinyinOf)).toEqual(['mail']);
    expect(moveHighlight(0, -1, 3)).toBe(2);
    expect(moveHighlight(2, 1, 3)).toBe(0);
    expect(moveHighlight(0, 1, 0)).toBe(0);
  });
});
