import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './language.ts';
import { consoleLinkTarget } from './target.ts';

const link = '/main/?is_modified_password=1&sign=abc&trace_id=t1&ts=1700000000&user_id=u1';
const origin = 'https://console.example';

describe('consoleLinkTarget', () => {
  it('returns the link unchanged when nothing is to be passed on', () => {
    expect(consoleLinkTarget(link, new URLSearchParams(), null, origin)).toBe(link);
  });

  it('passes on a console redirect path and the cpid', () => {
    const target = consoleLinkTarget(
      link,
      new URLSearchParams('redirect=/main/basic/gift-list?page=2&cpid=cp9'),
      null,
      origin,
    );
    const url = new URL(target, origin);
    expect(url.pathname).toBe('/main/');
    expect(url.searchParams.get('sign')).toBe('abc');
    expect(url.searchParams.get('redirect')).toBe('/main/basic/gift-list?page=2');
    expect(url.searchParams.get('cpid')).toBe('cp9');
  });

  it('reads redirect=1 as the place the console saved', () => {
    const target = consoleLinkTarget(
      link,
      new URLSearchParams('redirect=1'),
      '/main/useraccount/refund',
      origin,
    );
    expect(new URL(target, origin).searchParams.get('redirect')).toBe('/main/useraccount/refund');
  });

  it.each(['https://evil.example/main/', '//evil.example/main/', '/other/', '/main', '/main/\\evil', '1'])(
    'ignores a redirect outside the console: %s',
    (redirect) => {
      const query = new URLSearchParams({ redirect });
      const target = consoleLinkTarget(link, query, redirect === '1' ? '//evil.example/x' : null, origin);
      expect(new URL(target, origin).searchParams.has('redirect')).toBe(false);
    },
  );

  it('keeps an absolute link to another host absolute', () => {
    expect(
      consoleLinkTarget('https://gw.example/main/?a=1', new URLSearchParams('cpid=7'), null, origin),
    ).toBe('https://gw.example/main/?a=1&cpid=7');
  });
});

describe('chooseLanguage', () => {
  const none = { chosen: null, userLanguage: undefined, cpConfig: null };
  const query = (q = '') => new URLSearchParams(q);

  it('prefers ?lang=, then the language last chosen (here or in the console)', () => {
    expect(chooseLanguage(query('lang=ar'), { ...none, chosen: 'ja' })).toBe('ar');
    expect(chooseLanguage(query('lang=xx'), { ...none, chosen: 'ja', userLanguage: 'th' })).toBe('ja');
    expect(
      chooseLanguage(query(), { chosen: 'vi', userLanguage: 'th', cpConfig: { publish_area: 'hw' } }),
    ).toBe('vi');
  });

  it("then the saved user's console language, then the CP's default", () => {
    expect(chooseLanguage(query(), { ...none, chosen: 'nope', userLanguage: 'th' })).toBe('th');
    expect(chooseLanguage(query(), { ...none, cpConfig: { publish_area: 'hw' } })).toBe('en');
    expect(chooseLanguage(query(), { ...none, cpConfig: { publish_area: 'gn' } })).toBe('zh');
  });

  it("falls back to Chinese, the console's default, whatever the browser speaks", () => {
    // The browser's languages are not an input any more: a fresh English browser gets Chinese.
    expect(chooseLanguage(query(), none)).toBe('zh');
    expect(chooseLanguage(query(), { ...none, cpConfig: { publish_area: 'xx' as 'gn' } })).toBe('zh');
  });
});
