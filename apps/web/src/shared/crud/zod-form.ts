import type { FormInstance } from 'antd';
import type { ZodType } from 'zod';
import { ErrorCode } from '@rx/contracts/errors';
import type { Language } from '@rx/contracts/languages';
import { fieldErrors } from '@rx/contracts/validation';
import { ApiError } from '../http.ts';

/** Field path → translated message, as the API answers them in a 400001 (`a.b.0`). */
export type FieldMessages = Record<string, string>;

/** Checks form values with the same zod schema the API uses; the messages are the API's too. */
export function validateWith<T>(
  schema: ZodType<T>,
  values: unknown,
  lang: Language,
): { ok: true; data: T } | { ok: false; errors: FieldMessages } {
  const result = schema.safeParse(values, { reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrors(result.error.issues, lang).fields };
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

/** Shows the messages on their fields; a message for a field the form lacks is returned instead. */
export function showFieldErrors(form: FormInstance, errors: FieldMessages): string[] {
  const registered = new Set(form.getFieldsError().map((f) => f.name.join('.')));
  const orphans: string[] = [];
  const fields = [];
  for (const [path, message] of Object.entries(errors)) {
    // A message on `name.en` belongs to the multilingual field `name`.
    const owner = [...registered].find((name) => path === name || path.startsWith(`${name}.`));
    if (owner) fields.push({ name: namePath(owner), errors: [message] });
    else orphans.push(message);
  }
  form.setFields(fields);
  return orphans;
}
