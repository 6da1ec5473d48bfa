import { describe, expect, it } from 'vitest';
import type { FormInstance } from 'antd';
import { errorCodeCreateBody } from '@rx/contracts/error-codes';
import { giftCreateBody } from '@rx/contracts/gift-packages';
import { propCreateBody } from '@rx/contracts/props';
import { profileTagCreateBody } from '@rx/contracts/profile-tags';
import { staffCreateBody } from '@rx/contracts/system-admin';
import { z } from 'zod';
import {
  clearChangedErrors,
  markedLanguages,
  newRowValues,
  schemaDefaults,
  showFieldErrors,
  validateWith,
} from './zod-form.ts';

type Name = (string | number)[];

/** The part of a form instance the mapping uses: registered fields and their errors. */
function fakeForm(names: Name[]) {
  const errors = new Map<string, string[]>(names.map((n) => [n.join('.'), []]));
  const form = {
    getFieldsError: () =>
      names.map((name) => ({ name, errors: errors.get(name.join('.')) ?? [], warnings: [] })),
    setFields: (fields: { name: Name; errors?: string[] }[]) => {
      for (const f of fields) errors.set(f.name.join('.'), f.errors ?? []);
    },
  };
  return { form: form as unknown as FormInstance, errors };
}

const NAME = { zh: '礼包', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' };
const gift = (contents: { prop_id: number; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  name: NAME,
  contents,
  ...extra,
});

describe('zod-form: schema errors onto form fields', () => {
  it('puts a rule on a whole list (each prop once) on the list field, where the form shows it', () => {
    const checked = validateWith(
      giftCreateBody,
      gift([
        { prop_id: 7, quantity: 1 },
        { prop_id: 7, quantity: 2 },
      ]),
      'en',
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({ contents: 'An entry is listed more than once.' });
    const { form, errors } = fakeForm([
      ['name'],
      ['contents'],
      ['contents', 0, 'prop_id'],
      ['contents', 0, 'quantity'],
      ['contents', 1, 'prop_id'],
      ['contents', 1, 'quantity'],
    ]);
    expect(showFieldErrors(form, checked.errors)).toEqual([]);
    expect(errors.get('contents')).toEqual(['An entry is listed more than once.']);
  });

  it('gives a message to the deepest field holding its path, not to the list around it', () => {
    const { form, errors } = fakeForm([['contents'], ['contents', 0, 'quantity']]);
    showFieldErrors(form, { 'contents.0.quantity': 'bad' });
    expect(errors.get('contents.0.quantity')).toEqual(['bad']);
    expect(errors.get('contents')).toEqual([]);
  });

  it('returns the messages of fields the form lacks, to show above it', () => {
    const { form } = fakeForm([['name']]);
    expect(showFieldErrors(form, { other: 'lost' })).toEqual(['lost']);
  });

  it('says what a number accepts instead of only "too small", in the request language', () => {
    const whole = z.object({ n: z.number().int().min(1).max(2_000_000_000) });
    const errorOf = (n: unknown, lang: 'en' | 'zh' = 'en') => {
      const checked = validateWith(whole, { n }, lang);
      return checked.ok ? null : checked.errors.n;
    };
    expect(errorOf(-5)).toBe('A whole number from 1 to 2,000,000,000.');
    expect(errorOf(1.5)).toBe('A whole number from 1 to 2,000,000,000.');
    expect(errorOf(3e9)).toBe('A whole number from 1 to 2,000,000,000.');
    expect(errorOf(-5, 'zh')).toBe('请输入 1 到 2,000,000,000 之间的整数');
    // An empty number is still "required".
    expect(errorOf(null)).toBe('This field is required.');
    const price = z.object({ amount: z.number().min(0).max(100_000_000).multipleOf(0.01) });
    const checked = validateWith(price, { amount: 6.005 }, 'en');
    expect(checked.ok ? null : checked.errors.amount).toBe(
      'A number from 0 to 100,000,000. At most 2 decimals.',
    );
    expect(validateWith(price, { amount: 6.01 }, 'en').ok).toBe(true);
  });

  it('a select left empty (no value, null or cleared to "") says "required"; a wrong value says its format', () => {
    const prop = { code: 'p1', name: NAME };
    for (const empty of [{}, { type: null, rarity: null }, { type: '', rarity: '' }]) {
      const checked = validateWith(propCreateBody, { ...prop, ...empty }, 'en');
      expect(checked.ok ? {} : checked.errors).toEqual({
        type: 'This field is required.',
        rarity: 'This field is required.',
      });
    }
    const wrong = validateWith(propCreateBody, { ...prop, type: 'spaceship', rarity: 'common' }, 'en');
    expect(wrong.ok ? {} : wrong.errors).toEqual({ type: 'The format is not valid.' });
  });

  it('a text left empty says "required", not its length or format (issue 27: staff username, tag key)', () => {
    for (const empty of ['', '   ']) {
      const staff = validateWith(staffCreateBody, { username: empty, password: 'Str0ngPass' }, 'en', 'zh');
      expect(staff.ok ? {} : staff.errors).toEqual({ username: 'This field is required.' });
      const tag = validateWith(
        profileTagCreateBody,
        { name: empty, label: 'Level', type: 'number' },
        'en',
        'zh',
      );
      expect(tag.ok ? {} : tag.errors).toEqual({ name: 'This field is required.' });
    }
    // Filled in but wrong still says what is wrong.
    const short = validateWith(staffCreateBody, { username: 'ab', password: 'Str0ngPass' }, 'en', 'zh');
    expect(short.ok ? {} : short.errors).toEqual({ username: 'At least 3 characters.' });
    const bad = validateWith(
      profileTagCreateBody,
      { name: '1 bad', label: 'Level', type: 'number' },
      'en',
      'zh',
    );
    expect(bad.ok ? {} : bad.errors).toEqual({ name: 'The format is not valid.' });
  });

  it('reads number rules inside lists and defaults (gift contents)', () => {
    const checked = validateWith(giftCreateBody, gift([{ prop_id: 3, quantity: -5 }]), 'en');
    expect(checked.ok ? null : checked.errors['contents.0.quantity']).toBe(
      'A whole number from 1 to 2,000,000,000.',
    );
  });

  it('names the language of a multilingual field and marks that language only', () => {
    const checked = validateWith(
      errorCodeCreateBody,
      {
        code: 'E1',
        module: 'login',
        default_text: 'Wait {0} s',
        texts: { en: 'Wait {0} s', ja: 'お待ちください' },
      },
      'en',
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors)).toEqual(['texts.ja']);
    const { form, errors } = fakeForm([['code'], ['texts']]);
    showFieldErrors(form, checked.errors, (language, message) => `${language} — ${message}`);
    expect(errors.get('texts')).toEqual([
      '日本語 — The placeholders in braces must match those of the default text.',
    ]);
    expect([...markedLanguages(form, 'texts')]).toEqual(['ja']);
    expect(markedLanguages(form, 'code').size).toBe(0);
  });

  it('clears an error as soon as its field, or a field inside it, changes', () => {
    const { form, errors } = fakeForm([['name'], ['contents'], ['contents', 1, 'prop_id'], ['texts']]);
    showFieldErrors(form, { name: 'required', contents: 'duplicate', 'texts.en': 'placeholders' });
    expect(markedLanguages(form, 'texts').has('en')).toBe(true);
    clearChangedErrors(form, [{ name: ['contents', 1, 'prop_id'] }]);
    expect(errors.get('contents')).toEqual([]);
    expect(errors.get('name')).toEqual(['required']);
    clearChangedErrors(form, [{ name: ['name'] }, { name: ['texts'] }]);
    expect(errors.get('name')).toEqual([]);
    expect(markedLanguages(form, 'texts').size).toBe(0);
  });
});

describe('schemaDefaults', () => {
  it('holds the defaults of a create schema and nothing it requires', () => {
    const schema = z.object({
      code: z.string(),
      note: z.string().optional(),
      tags: z.array(z.string()).default([]),
    });
    expect(schemaDefaults(schema)).toEqual({ tags: [] });
  });
});

describe('newRowValues', () => {
  const schema = z.object({
    code: z.string(),
    enabled: z.boolean().default(true),
    tags: z.array(z.string()).default([]),
  });

  it("starts a new row from the schema's defaults with the page's values over them", () => {
    expect(newRowValues(schema, { code: '', enabled: false })).toEqual({
      code: '',
      enabled: false,
      tags: [],
    });
    expect(newRowValues(schema)).toEqual({ enabled: true, tags: [] });
  });

  it('takes only the given values from a schema that is not an object', () => {
    expect(
      newRowValues(
        schema.transform((v) => v),
        { code: 'x' },
      ),
    ).toEqual({ code: 'x' });
  });
});
