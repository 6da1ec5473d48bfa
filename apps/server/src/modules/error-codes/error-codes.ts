import { eq } from 'drizzle-orm';
import {
  errorCodesResource,
  placeholderMismatches,
  type ErrorCodeText,
  type Language,
  type OptionalI18nText,
} from '@rx/contracts';
import { FieldProblems } from '../../lib/problems.ts';
import { containsAny } from '../../lib/list.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { dropUndefined } from '../../lib/patch.ts';
import { liveRelease, missingIn } from './service.ts';
import { errorCodes } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

/** The working copy of a product's error-code texts, as a standard resource. */

type Row = typeof errorCodes.$inferSelect;
type Texts = Partial<Record<Language, string>>;

/**
 * The texts a write leaves: an update names only the languages it changes, merged into the row's
 * (`check` checks the placeholders of the result, `columns` writes it).
 */
function textsAfter(input: { texts?: OptionalI18nText }, before: Row | undefined): Texts | undefined {
  if (!before || !input.texts) return input.texts as Texts | undefined;
  return { ...before.texts, ...dropUndefined(input.texts as Texts) };
}

export const errorCodeImpl: ResourceImpl<typeof errorCodesResource, typeof errorCodes, ErrorCodeText, null> =
  {
    table: errorCodes,
    toItem: (row: Row): ErrorCodeText => ({
      id: row.id,
      product_id: row.productId,
      code: row.code,
      module: row.module,
      default_text: row.defaultText,
      texts: row.texts,
      action: row.action,
      status: row.status,
      ...stamps(row),
    }),
    nameOf: (row) => row.code,
    where: (f) => [
      containsAny(f.q, errorCodes.code, errorCodes.defaultText),
      f.module ? eq(errorCodes.module, f.module) : undefined,
      f.action ? eq(errorCodes.action, f.action) : undefined,
      f.status ? eq(errorCodes.status, f.status) : undefined,
      f.missing_lang ? missingIn(f.missing_lang) : undefined,
    ],
    columns: (input, before) => ({
      module: input.module,
      defaultText: input.default_text,
      texts: textsAfter(input, before) as OptionalI18nText | undefined,
      action: input.action,
      status: input.status,
      code: input.code,
    }),
    // The game knows the error by its code.
    immutable: ['code'],
    unique: { error_codes_product_code: 'code' },
    // Every language whose text has other placeholders than the default text: 400001 on `texts.<lang>`.
    check: async (_db, scope, input, before) => {
      const texts: Texts = textsAfter(input, before) ?? before?.texts ?? {};
      const problems = new FieldProblems(scope.lang);
      for (const lang of placeholderMismatches(input.default_text ?? before?.defaultText ?? '', texts))
        problems.add(`texts.${lang}`, 'placeholders_mismatch');
      problems.throwIfAny();
    },
    // A code of the live release is disabled, never deleted: it leaves the games at the next publish.
    usage: async (db, _scope, row) =>
      (await liveRelease(db, row.productId))?.codes.some((c) => c.code === row.code)
        ? [{ type: 'error_code_release', count: 1 }]
        : [],
    disable: { isDisabled: (row) => row.status === 'disabled', set: { status: 'disabled' } },
    // Translators fill the `texts.<lang>` columns.
    sheet: autoSheet<ErrorCodeText>(errorCodesResource),
  };

export const errorCodeService = resourceService(errorCodesResource, errorCodeImpl);
