import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import {
  ErrorCode,
  LANGUAGE_NAMES,
  isLanguage,
  missingCpLanguage,
  multilingualValues,
  validationMessage,
  type Language,
} from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { cps } from '../db/schema.ts';
import { ApiError } from './api-error.ts';
import { requestLanguage } from './request.ts';

/** The language a CP's staff write in: every multilingual text must have it (issue 27, defect 8). */
export async function cpLanguage(db: Db, cpId: number): Promise<Language> {
  const [cp] = await db.select({ lang: cps.defaultLang }).from(cps).where(eq(cps.id, cpId));
  return isLanguage(cp?.lang) ? cp.lang : 'zh';
}

/** The field messages of the multilingual texts of `value` left empty in the CP's language. */
export function cpLanguageProblems(
  schema: ZodType,
  value: unknown,
  cpLang: Language,
  lang: Language,
): Record<string, string> {
  const message = validationMessage('cp_language_required', lang, { name: LANGUAGE_NAMES[cpLang] });
  return Object.fromEntries(missingCpLanguage(schema, value, cpLang).map((path) => [path, message]));
}

/**
 * The multilingual texts of the request's body without the CP's language, as field messages
 * (`title.en`). The CP is only looked up when the body has such a text. Also called on a body
 * refused for other fields, so the form learns every mistake at once.
 */
export async function cpLanguageFields(db: Db, request: FastifyRequest): Promise<Record<string, string>> {
  const schema = request.routeOptions.schema?.body as ZodType | undefined;
  if (!schema || !request.auth || request.body === undefined || request.body === null) return {};
  if (!('_zod' in schema) || !multilingualValues(schema, request.body).length) return {};
  return cpLanguageProblems(
    schema,
    request.body,
    await cpLanguage(db, request.auth.cpId),
    requestLanguage(request),
  );
}

/**
 * A hook after validation, before every handler: a signed-in request whose body has a multilingual
 * text without the CP's language is refused with 400001 on that language, nothing changed.
 */
export function requireCpLanguage(db: Db) {
  return async (request: FastifyRequest): Promise<void> => {
    const fields = await cpLanguageFields(db, request);
    if (Object.keys(fields).length) throw new ApiError(ErrorCode.INVALID_INPUT, { fields });
  };
}

/** Adds the CP-language findings to the fields of a refused body ("required" on a text becomes its language). */
export function withCpLanguage(
  fields: Record<string, string>,
  own: Record<string, string>,
): Record<string, string> {
  const merged = { ...fields };
  for (const [path, message] of Object.entries(own)) {
    delete merged[path.slice(0, path.lastIndexOf('.'))];
    merged[path] ??= message;
  }
  return merged;
}
