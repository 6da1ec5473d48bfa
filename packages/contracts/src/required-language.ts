import type { z } from 'zod';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './languages.ts';
import { WRAPPERS, defOf } from './zod-def.ts';

/**
 * The multilingual fields (`i18nText`) and the language each CP must fill in: its default language
 * (a CP publishing overseas writes English or Arabic, not Simplified Chinese). The schema itself only
 * asks for one language; the server (and the forms) then ask for the CP's own with
 * {@link missingCpLanguage}.
 */
const MULTILINGUAL = new WeakSet<object>();

/** Marks a schema as a required text per language (done by `i18nText`). */
export function markMultilingual<T extends z.ZodType>(schema: T): T {
  MULTILINGUAL.add(schema);
  return schema;
}

type Text = Partial<Record<Language, string>>;

/** Every multilingual value in `value` (as `schema` reads it), with its path. */
export function multilingualValues(schema: z.ZodType, value: unknown): { path: string[]; text: Text }[] {
  const found = new Map<string, { path: string[]; text: Text }>();
  walk(schema, value, [], found, 0);
  return [...found.values()];
}

function walk(
  schema: z.ZodType | undefined,
  value: unknown,
  path: string[],
  found: Map<string, { path: string[]; text: Text }>,
  depth: number,
): void {
  if (!schema || value === undefined || value === null || depth > 40) return;
  if (MULTILINGUAL.has(schema)) {
    if (typeof value === 'object') found.set(path.join('.'), { path, text: value as Text });
    return;
  }
  const def = defOf(schema);
  const next = depth + 1;
  if (WRAPPERS.has(def.type)) return walk(def.innerType, value, path, found, next);
  switch (def.type) {
    case 'pipe':
      return walk(defOf(def.in!).type === 'transform' ? def.out : def.in, value, path, found, next);
    case 'lazy':
      return walk(def.getter?.(), value, path, found, next);
    case 'object':
      if (typeof value !== 'object') return;
      for (const [key, inner] of Object.entries(def.shape ?? {})) {
        walk(inner, (value as Record<string, unknown>)[key], [...path, key], found, next);
      }
      return;
    case 'array':
      if (!Array.isArray(value)) return;
      value.forEach((item, index) => walk(def.element, item, [...path, String(index)], found, next));
      return;
    case 'record':
      if (typeof value !== 'object') return;
      for (const [key, item] of Object.entries(value)) walk(def.valueType, item, [...path, key], found, next);
      return;
    case 'union':
      for (const option of def.options ?? []) walk(option, value, path, found, next);
      return;
    case 'intersection':
      walk(def.left, value, path, found, next);
      walk(def.right, value, path, found, next);
      return;
  }
}

/** The paths (`title.en`) of the multilingual fields of `value` left empty in the CP's language. */
export function missingCpLanguage(schema: z.ZodType, value: unknown, cpLanguage: Language): string[] {
  return multilingualValues(schema, value)
    .filter(({ text }) => {
      const own: unknown = text[cpLanguage];
      return typeof own !== 'string' || !own.trim();
    })
    .map(({ path }) => [...path, cpLanguage].join('.'));
}

/**
 * A text per language as a reader in `lang` sees it: their language, else the first language filled
 * in (the CP's default language is always filled in; zh first for the CPs that write Chinese).
 */
export function textFor(text: Text | null | undefined, lang?: Language | string | null): string {
  if (!text) return '';
  const own = lang ? text[lang as Language]?.trim() : '';
  if (own) return own;
  if (text[FALLBACK_LANGUAGE]?.trim()) return text[FALLBACK_LANGUAGE]!;
  for (const language of LANGUAGES) if (text[language]?.trim()) return text[language]!;
  return '';
}
