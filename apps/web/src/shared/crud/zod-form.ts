import type { FormInstance } from 'antd';
import type { ZodType } from 'zod';
import { ErrorCode } from '@rx/contracts/errors';
import { LANGUAGE_NAMES, isLanguage, type Language } from '@rx/contracts/languages';
import { numberRuleMessage, numberRuleOf, schemaAt } from '@rx/contracts/number-rules';
import { missingCpLanguage } from '@rx/contracts/required-language';
import { fieldErrors, validationMessage } from '@rx/contracts/validation';
import { currentCpLanguage } from '../cp-language.ts';
import { formatNumber } from '../format.ts';
import { ApiError } from '../http.ts';

/** Field path → translated message, as the API answers them in a 400001 (`a.b.0`). */
export type FieldMessages = Record<string, string>;

interface Issue {
  code: string;
  path: PropertyKey[];
  input?: unknown;
  params?: { key?: string };
}

/**
 * A number refused for its value says what it accepts ("A whole number from 1 to 2,000,000,000."):
 * the inputs do not clamp or round, so the user must learn the rule from the message. An empty
 * number keeps "required", and a refinement with its own message keeps it.
 */
function numberMessage(schema: ZodType, issue: Issue, lang: Language): string | null {
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) return null;
  if (issue.code === 'custom' && issue.params?.key && issue.params.key !== 'invalid') return null;
  const rule = numberRuleOf(schemaAt(schema, issue.path));
  return rule && numberRuleMessage(rule, lang, (n) => formatNumber(n, lang));
}

/** Checks form values with the same zod schema the API uses; the messages are the API's too. */
export function validateWith<T>(
  schema: ZodType<T>,
  values: unknown,
  lang: Language,
  /** The language every multilingual text must have: the CP's default language. */
  cpLang: Language = currentCpLanguage(),
): { ok: true; data: T } | { ok: false; errors: FieldMessages } {
  const result = schema.safeParse(values, { reportInput: true });
  if (result.success) {
    const missing = missingCpLanguage(schema, result.data, cpLang);
    if (!missing.length) return { ok: true, data: result.data };
    const message = validationMessage('cp_language_required', lang, { name: LANGUAGE_NAMES[cpLang] });
    return { ok: false, errors: Object.fromEntries(missing.map((path) => [path, message])) };
  }
  const errors = fieldErrors(result.error.issues, lang).fields;
  // A text without the CP's language is named with the other mistakes, not after them.
  const message = validationMessage('cp_language_required', lang, { name: LANGUAGE_NAMES[cpLang] });
  for (const path of missingCpLanguage(schema, values, cpLang)) {
    // "Required" on the whole text becomes the language it needs.
    delete errors[path.slice(0, path.lastIndexOf('.'))];
    errors[path] ??= message;
  }
  for (const issue of result.error.issues as Issue[]) {
    const message = numberMessage(schema, issue, lang);
    if (message) errors[issue.path.map(String).join('.') || '_'] = message;
  }
  return { ok: false, errors };
}

/** The field messages of a refused request, when it was refused for its input. */
export function serverFieldErrors(error: unknown): FieldMessages | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.INVALID_INPUT) return null;
  const fields = (error.data as { fields?: FieldMessages } | null)?.fields;
  return fields && Object.keys(fields).length ? fields : null;
}

/** `a.b.0` → ['a', 'b', 0], antd's name path. */
export function namePath(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The id antd gives a field's control (`contents_0_name`): how a control finds its marks. */
export const fieldId = (name: readonly (string | number)[]) => name.join('_');

/** Per form: the languages of a multilingual field that hold an error, by the field's id. */
const languageMarks = new WeakMap<FormInstance, Map<string, Set<Language>>>();

/** The languages marked wrong on the multilingual field whose control has this id. */
export function markedLanguages(form: FormInstance | undefined, id: string | undefined): Set<Language> {
  return (form && id && languageMarks.get(form)?.get(id)) || new Set();
}

/** How a message on one language of a multilingual field reads: the language is named. */
export type LanguageLabel = (language: string, message: string) => string;
const plainLabel: LanguageLabel = (language, message) => `${language}: ${message}`;

/**
 * Shows the messages on their fields; a message for a field the form lacks is returned instead.
 * A message goes to the deepest field that holds its path (`contents.0.quantity` to the quantity,
 * `contents` to the list itself); one on a language of a multilingual field (`texts.ja`) names
 * the language and marks that language only.
 */
export function showFieldErrors(
  form: FormInstance,
  errors: FieldMessages,
  label: LanguageLabel = plainLabel,
): string[] {
  const registered = form.getFieldsError().map((f) => f.name.join('.'));
  const orphans: string[] = [];
  const byOwner = new Map<string, string[]>();
  const marks = new Map<string, Set<Language>>();
  for (const [path, message] of Object.entries(errors)) {
    const owner = registered
      .filter((name) => path === name || path.startsWith(`${name}.`))
      .sort((a, b) => b.length - a.length)[0];
    if (owner === undefined) {
      orphans.push(message);
      continue;
    }
    const rest = path.slice(owner.length + 1);
    const lang = isLanguage(rest) ? rest : null;
    const messages = byOwner.get(owner) ?? [];
    messages.push(lang ? label(LANGUAGE_NAMES[lang], message) : message);
    byOwner.set(owner, messages);
    if (lang) {
      const id = fieldId(namePath(owner));
      marks.set(id, (marks.get(id) ?? new Set()).add(lang));
    }
  }
  languageMarks.set(form, marks);
  form.setFields([...byOwner].map(([owner, messages]) => ({ name: namePath(owner), errors: messages })));
  return orphans;
}

/**
 * Clears the errors a change answers: those of the changed fields and of the fields holding them
 * (a duplicate in `contents` goes once a content is changed). For a form's `onFieldsChange`.
 */
export function clearChangedErrors(form: FormInstance, changed: { name: (string | number)[] }[]): void {
  const paths = changed.map((f) => f.name.join('.'));
  const answered = (name: string) => paths.some((p) => p === name || p.startsWith(`${name}.`));
  const stale = form.getFieldsError().filter((f) => f.errors.length && answered(f.name.join('.')));
  if (!stale.length) return;
  const marks = languageMarks.get(form);
  for (const f of stale) marks?.delete(fieldId(f.name));
  form.setFields(stale.map((f) => ({ name: f.name, errors: [] })));
}

/** Whether any field still shows an error. */
export function hasFieldErrors(form: FormInstance): boolean {
  return form.getFieldsError().some((f) => f.errors.length > 0);
}

/** The values a create schema fills in by itself (its `.default(…)`s): the start of a new item. */
export function schemaDefaults<T extends object>(schema: { shape: Record<string, ZodType> }): Partial<T> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = field.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) values[key] = parsed.data;
  }
  return values as Partial<T>;
}

/**
 * A new row's starting values: what the create schema fills in by itself (when it is an object
 * schema) with the page's own values over them.
 */
export function newRowValues(create: ZodType, fields?: Record<string, unknown>): Record<string, unknown> {
  const defaults =
    'shape' in create ? schemaDefaults(create as unknown as { shape: Record<string, ZodType> }) : {};
  return { ...defaults, ...fields };
}
