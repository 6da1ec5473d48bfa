import type { z } from 'zod';
import type { Language, Translated } from './languages.ts';
import { WRAPPERS, defOf } from './zod-def.ts';

/**
 * What a number field accepts, read from its zod schema, and the sentence that says so: a form
 * refuses `-5` or `1.5` with "A whole number from 1 to 2,000,000,000." instead of quietly
 * changing it. `{min}`, `{max}` and `{places}` are filled in, the numbers formatted by the caller.
 */
const NUMBER_MESSAGES = {
  whole_range: {
    zh: '请输入 {min} 到 {max} 之间的整数',
    en: 'A whole number from {min} to {max}.',
    ja: '{min} から {max} までの整数を入力してください。',
    th: 'ต้องเป็นจำนวนเต็มตั้งแต่ {min} ถึง {max}',
    vi: 'Một số nguyên từ {min} đến {max}.',
    tl: 'Isang buong numero mula {min} hanggang {max}.',
    id: 'Bilangan bulat dari {min} sampai {max}.',
    ar: 'عدد صحيح من {min} إلى {max}.',
    tc: '請輸入 {min} 到 {max} 之間的整數',
  },
  whole_at_least: {
    zh: '请输入不小于 {min} 的整数',
    en: 'A whole number of at least {min}.',
    ja: '{min} 以上の整数を入力してください。',
    th: 'ต้องเป็นจำนวนเต็มที่ไม่น้อยกว่า {min}',
    vi: 'Một số nguyên lớn hơn hoặc bằng {min}.',
    tl: 'Isang buong numero na hindi bababa sa {min}.',
    id: 'Bilangan bulat minimal {min}.',
    ar: 'عدد صحيح لا يقل عن {min}.',
    tc: '請輸入不小於 {min} 的整數',
  },
  whole_at_most: {
    zh: '请输入不大于 {max} 的整数',
    en: 'A whole number of at most {max}.',
    ja: '{max} 以下の整数を入力してください。',
    th: 'ต้องเป็นจำนวนเต็มที่ไม่เกิน {max}',
    vi: 'Một số nguyên nhỏ hơn hoặc bằng {max}.',
    tl: 'Isang buong numero na hindi hihigit sa {max}.',
    id: 'Bilangan bulat maksimal {max}.',
    ar: 'عدد صحيح لا يزيد عن {max}.',
    tc: '請輸入不大於 {max} 的整數',
  },
  whole: {
    zh: '请输入整数',
    en: 'A whole number.',
    ja: '整数を入力してください。',
    th: 'ต้องเป็นจำนวนเต็ม',
    vi: 'Một số nguyên.',
    tl: 'Isang buong numero.',
    id: 'Bilangan bulat.',
    ar: 'عدد صحيح.',
    tc: '請輸入整數',
  },
  number_range: {
    zh: '请输入 {min} 到 {max} 之间的数字',
    en: 'A number from {min} to {max}.',
    ja: '{min} から {max} までの数値を入力してください。',
    th: 'ต้องเป็นตัวเลขตั้งแต่ {min} ถึง {max}',
    vi: 'Một số từ {min} đến {max}.',
    tl: 'Isang numero mula {min} hanggang {max}.',
    id: 'Angka dari {min} sampai {max}.',
    ar: 'رقم من {min} إلى {max}.',
    tc: '請輸入 {min} 到 {max} 之間的數字',
  },
  number_at_least: {
    zh: '请输入不小于 {min} 的数字',
    en: 'A number of at least {min}.',
    ja: '{min} 以上の数値を入力してください。',
    th: 'ต้องเป็นตัวเลขที่ไม่น้อยกว่า {min}',
    vi: 'Một số lớn hơn hoặc bằng {min}.',
    tl: 'Isang numero na hindi bababa sa {min}.',
    id: 'Angka minimal {min}.',
    ar: 'رقم لا يقل عن {min}.',
    tc: '請輸入不小於 {min} 的數字',
  },
  number_at_most: {
    zh: '请输入不大于 {max} 的数字',
    en: 'A number of at most {max}.',
    ja: '{max} 以下の数値を入力してください。',
    th: 'ต้องเป็นตัวเลขที่ไม่เกิน {max}',
    vi: 'Một số nhỏ hơn hoặc bằng {max}.',
    tl: 'Isang numero na hindi hihigit sa {max}.',
    id: 'Angka maksimal {max}.',
    ar: 'رقم لا يزيد عن {max}.',
    tc: '請輸入不大於 {max} 的數字',
  },
  number: {
    zh: '请输入数字',
    en: 'A number.',
    ja: '数値を入力してください。',
    th: 'ต้องเป็นตัวเลข',
    vi: 'Một số.',
    tl: 'Isang numero.',
    id: 'Angka.',
    ar: 'رقم.',
    tc: '請輸入數字',
  },
  decimals: {
    zh: '最多 {places} 位小数',
    en: 'At most {places} decimals.',
    ja: '小数点以下は {places} 桁までです。',
    th: 'ทศนิยมไม่เกิน {places} ตำแหน่ง',
    vi: 'Tối đa {places} chữ số thập phân.',
    tl: 'Hindi hihigit sa {places} decimal na digit.',
    id: 'Maksimal {places} angka desimal.',
    ar: '{places} منازل عشرية كحد أقصى.',
    tc: '最多 {places} 位小數',
  },
} satisfies Record<string, Translated>;

/** Between the range and the decimals: Chinese joins the two clauses with a semicolon. */
const JOINER: Partial<Record<Language, string>> = { zh: '；', tc: '；' };

export interface NumberRule {
  whole: boolean;
  min: number | null;
  max: number | null;
  /** Decimal places allowed (from `multipleOf(0.01)` and the like); null: any. */
  places: number | null;
}

/** The schema itself without its optional/default/pipe wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  for (let s = schema, depth = 0; depth < 20; depth++) {
    const def = defOf(s);
    if (WRAPPERS.has(def.type) && def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = defOf(def.in).type === 'transform' ? def.out! : def.in;
    else if (def.type === 'lazy' && def.getter) s = def.getter();
    else return s;
  }
  return schema;
}

/** The schema of the value at `path` (`['contents', 0, 'quantity']`), or null when there is none. */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | null {
  const node = unwrap(schema);
  if (!path.length) return node;
  const [key, ...rest] = path;
  const def = defOf(node);
  switch (def.type) {
    case 'object': {
      const inner = def.shape?.[String(key)];
      return inner ? schemaAt(inner, rest) : null;
    }
    case 'array':
      return def.element ? schemaAt(def.element, rest) : null;
    case 'record':
      return def.valueType ? schemaAt(def.valueType, rest) : null;
    case 'union':
      // A union's options share most fields; the first that has the path answers.
      for (const option of def.options ?? []) {
        const found = schemaAt(option, path);
        if (found) return found;
      }
      return null;
    case 'intersection':
      return (def.left && schemaAt(def.left, path)) || (def.right && schemaAt(def.right, path)) || null;
    default:
      return null;
  }
}

/** A bound at or beyond the safe-integer range is no real bound (plain `int()` sets those). */
const bound = (value: number | null | undefined) =>
  typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : null;

/** The places of a power-of-ten step (0.01 → 2); null for any other step. */
function placesOf(step: number): number | null {
  for (let places = 0; places <= 10; places++) {
    if (Math.abs(step * 10 ** places - 1) < 1e-9) return places;
  }
  return null;
}

/** What a number schema accepts; null when the schema is not a number. */
export function numberRuleOf(schema: z.ZodType | null): NumberRule | null {
  if (!schema) return null;
  const node = unwrap(schema);
  if (defOf(node).type !== 'number') return null;
  const number = node as z.ZodNumber;
  const step = defOf(node).checks?.find((c) => c._zod.def.check === 'multiple_of')?._zod.def.value;
  return {
    whole: number.isInt,
    min: bound(number.minValue),
    max: bound(number.maxValue),
    places: number.isInt ? 0 : typeof step === 'number' ? placesOf(step) : null,
  };
}

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

/** The sentence saying what a number field accepts, e.g. "A whole number from 1 to 2,000,000,000." */
export function numberRuleMessage(
  rule: NumberRule,
  lang: Language,
  formatNumber: (value: number) => string = String,
): string {
  const kind = rule.whole ? 'whole' : 'number';
  const key =
    rule.min !== null && rule.max !== null
      ? `${kind}_range`
      : rule.min !== null
        ? `${kind}_at_least`
        : rule.max !== null
          ? `${kind}_at_most`
          : kind;
  const params = {
    min: rule.min === null ? '' : formatNumber(rule.min),
    max: rule.max === null ? '' : formatNumber(rule.max),
    places: rule.places === null ? '' : formatNumber(rule.places),
  };
  const range = fill(NUMBER_MESSAGES[key as keyof typeof NUMBER_MESSAGES][lang], params);
  if (rule.whole || rule.places === null) return range;
  return `${range}${JOINER[lang] ?? ' '}${fill(NUMBER_MESSAGES.decimals[lang], params)}`;
}
