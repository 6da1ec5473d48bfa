import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  INT32_MAX,
  INT32_MIN,
  bigIdParam,
  codeField,
  hasUnstorableCharacter,
  i18nText,
  i18nTextPatch,
  iconUrl,
  idField,
  idParam,
  int32,
  isoTime,
  keyword,
  optionalI18nText,
  queryInt,
  safeText,
  versionField,
} from './fields.ts';
import { listQuery } from './lists.ts';
import { gameAutoReplyQuery } from './game-api.ts';
import { loginBody } from './acs.ts';
import { fieldErrors } from './validation.ts';

/** The field messages (in English) a value gets, `{}` when it passes. */
function problems(schema: ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? {} : fieldErrors(result.error.issues, 'en').fields;
}

const NUL = 'a\u0000b';
const HIGH = 'a\uD800b';
const LOW = 'a\uDC00b';
const TRAILING_HIGH = 'ab\uD800';
const BAD_TEXTS = [NUL, HIGH, LOW, TRAILING_HIGH, '\uDC00\uD800'];
const CHARACTER =
  'This contains a character that is not allowed (such as a null or broken Unicode character).';

describe('unstorable characters', () => {
  it('finds U+0000 and lone surrogates, not paired ones or other controls', () => {
    for (const text of BAD_TEXTS) expect(hasUnstorableCharacter(text), JSON.stringify(text)).toBe(true);
    for (const text of ['', 'plain', '礼包 🎁', '\uD83D\uDE00', '\t\n\u0001\u007F', '\uFFFD', '\uFEFF'])
      expect(hasUnstorableCharacter(text), JSON.stringify(text)).toBe(false);
  });

  it('safeText and every text field built on it refuse them with invalid_character', () => {
    const fields: [string, ZodType, (bad: string) => unknown, string][] = [
      ['safeText', safeText().trim().max(10), (bad) => bad, '_'],
      ['codeField', codeField(), (bad) => bad, '_'],
      ['iconUrl', iconUrl, (bad) => `/x${bad}`, '_'],
      ['keyword', keyword, (bad) => bad, '_'],
      ['i18nText zh', i18nText(), (bad) => ({ zh: bad }), 'zh'],
      ['i18nText tc', i18nText(), (bad) => ({ zh: 'ok', tc: bad }), 'tc'],
      ['optionalI18nText', optionalI18nText(), (bad) => ({ ar: bad }), 'ar'],
      ['i18nTextPatch', i18nTextPatch(), (bad) => ({ en: bad }), 'en'],
      ['list filter', listQuery(['id'], { q: keyword }), (bad) => ({ q: bad }), 'q'],
      ['game query', gameAutoReplyQuery, (bad) => ({ text: bad, channel: 'x' }), 'text'],
      ['login', loginBody, (bad) => ({ username: bad, password: 'x' }), 'username'],
    ];
    for (const [name, schema, make, path] of fields) {
      for (const bad of BAD_TEXTS) {
        expect(problems(schema, make(bad)), `${name} ${JSON.stringify(bad)}`).toEqual({ [path]: CHARACTER });
      }
      expect(problems(schema, make('ok')), name).toEqual({});
    }
  });

  it('isoTime refuses them through its own pattern', () => {
    expect(problems(isoTime, '2025-01-01T00:00:00+08:00')).toEqual({});
    for (const bad of ['2025-01-01T00:00:00+08:00\u0000', '2025-01-01T00:00:00\uD800+08:00'])
      expect(problems(isoTime, bad)).toEqual({ _: 'The format is not valid.' });
  });
});

describe('bounded integers', () => {
  it('int32 holds what an integer column holds, and narrower bounds when given', () => {
    expect(problems(int32(), INT32_MAX)).toEqual({});
    expect(problems(int32(), INT32_MIN)).toEqual({});
    expect(problems(int32(), 2 ** 31)).toEqual({ _: 'Must be at most 2147483647.' });
    expect(problems(int32(), -(2 ** 31) - 1)).toEqual({ _: 'Must be at least -2147483648.' });
    expect(problems(int32(), Number.MAX_SAFE_INTEGER)).toEqual({ _: 'Must be at most 2147483647.' });
    expect(problems(int32(0, 9), 10)).toEqual({ _: 'Must be at most 9.' });
    for (const bad of [1.5, Number.NaN, Infinity, '1'])
      expect(problems(int32(), bad)).toEqual({ _: 'The format is not valid.' });
  });

  it('ids and versions stop at 2^31 − 1', () => {
    for (const schema of [idField, versionField]) {
      expect(problems(schema, INT32_MAX)).toEqual({});
      expect(problems(schema, 2 ** 31)).toEqual({ _: 'Must be at most 2147483647.' });
      expect(problems(schema, 2 ** 53 - 1)).toEqual({ _: 'Must be at most 2147483647.' });
      expect(problems(schema, 0)).toEqual({ _: 'Must be at least 1.' });
    }
  });

  it('queryInt reads canonical decimal integers only, within its bounds', () => {
    expect(queryInt().parse('42')).toBe(42);
    expect(queryInt().parse('-7')).toBe(-7);
    expect(queryInt(0).parse('0')).toBe(0);
    expect(queryInt().parse(String(INT32_MAX))).toBe(INT32_MAX);
    expect(problems(queryInt(), '2147483648')).toEqual({ _: 'Must be at most 2147483647.' });
    expect(problems(queryInt(), '9007199254740991')).toEqual({ _: 'Must be at most 2147483647.' });
    expect(problems(queryInt(), '1' + '0'.repeat(400))).toEqual({ _: 'The format is not valid.' });
    expect(problems(queryInt(1), '0')).toEqual({ _: 'Must be at least 1.' });
    const spellings = [' 1', '1 ', '\t1', '01', '00', '-0', ' -7 '];
    for (const bad of [
      '',
      ' ',
      '1.5',
      '1.0',
      '1e3',
      '0x10',
      'Infinity',
      'NaN',
      '+1',
      '1 2',
      '١٢',
      ...spellings,
    ])
      expect(problems(queryInt(), bad), JSON.stringify(bad)).toEqual({ _: 'The format is not valid.' });
    expect(problems(queryInt(), '1\u0000')).toEqual({ _: CHARACTER });
  });

  it('path ids: idParam for integer tables, bigIdParam for bigint ones', () => {
    expect(idParam.parse({ id: '12' })).toEqual({ id: 12 });
    expect(problems(idParam, { id: '2147483648' })).toEqual({ id: 'Must be at most 2147483647.' });
    expect(problems(idParam, { id: '9007199254740991' })).toEqual({ id: 'Must be at most 2147483647.' });
    expect(bigIdParam.parse({ id: '9007199254740991' })).toEqual({ id: 2 ** 53 - 1 });
    expect(problems(bigIdParam, { id: '9007199254740992' })).toEqual({
      id: 'Must be at most 9007199254740991.',
    });
  });

  it('paging: page and page_size are bounded, defaults kept', () => {
    const query = listQuery(['id'], {});
    expect(query.parse({})).toEqual({ page: 1, page_size: 10 });
    expect(query.parse({ page: '3', page_size: '50' })).toEqual({ page: 3, page_size: 50 });
    expect(problems(query, { page: '2147483648', page_size: '9007199254740991' })).toEqual({
      page: 'Must be at most 1000000.',
      page_size: 'Must be at most 100.',
    });
  });
});
