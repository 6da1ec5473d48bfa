import { z } from 'zod';
import { keyword, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';
import type { ValidationKey } from './validation.ts';

/**
 * Version fields (issue 29, `/api/v1/version-fields`, page `/product/product-fe/version-field-config`):
 * typed settings admins add per game (a feature switch, a server address, a JSON block checked
 * against a JSON Schema…). Each version (`/app-releases`) holds its values (`field_values`, by
 * key); a publish copies the values of the enabled fields, the version's own or else the field's
 * default, and the game's version check answers them in `fields`.
 *
 * Values travel as text, number or boolean: a `json` field's value is JSON text (the game gets
 * it parsed), so a form can show it as text and the schema check runs on the parsed value.
 */

export const VERSION_FIELD_TYPES = ['text', 'number', 'switch', 'json', 'url'] as const;
export type VersionFieldType = (typeof VERSION_FIELD_TYPES)[number];

/** A field's key, as the game reads it: `snake_case`, starting with a letter. */
export const versionFieldKey = safeText()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z][a-z0-9_]*$/);

export const MAX_FIELD_TEXT = 10_000;
export const MAX_JSON_SCHEMA = 10_000;

/** A field's value as it is entered: text (JSON text for `json`), a number or a switch. */
export const versionFieldValue = z.union([safeText().max(MAX_FIELD_TEXT), z.number().finite(), z.boolean()]);
export type VersionFieldValue = z.infer<typeof versionFieldValue>;

/** The fields' values of a version, by key. */
export const versionFieldValues = z
  .record(versionFieldKey, versionFieldValue)
  .refine((values) => Object.keys(values).length <= 200, { params: { key: 'too_big' } });

/** A JSON Schema given as JSON text; empty: any JSON. */
export const jsonSchemaText = safeText().trim().max(MAX_JSON_SCHEMA);

/** The checker of a JSON Schema text (Zod's converter: local `$ref`s only), or null when it cannot be used. */
export function schemaOf(text: string): z.ZodType | null {
  if (!text) return z.json();
  try {
    return z.fromJSONSchema(JSON.parse(text) as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    return null;
  }
}

/**
 * A value checked against its field's type: the value the game receives (a `json` field's text
 * parsed), or the reason it is refused.
 */
export function fieldValueOf(
  type: VersionFieldType,
  jsonSchema: string,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; key: ValidationKey } {
  switch (type) {
    case 'text':
      return typeof value === 'string' && value.length <= 1000
        ? { ok: true, value }
        : { ok: false, key: 'invalid' };
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? { ok: true, value }
        : { ok: false, key: 'invalid' };
    case 'switch':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false, key: 'invalid' };
    case 'url':
      return typeof value === 'string' && value.length <= 500 && /^(https?:\/\/[^\s]+)?$/.test(value.trim())
        ? { ok: true, value: value.trim() }
        : { ok: false, key: 'invalid' };
    case 'json': {
      if (typeof value !== 'string') return { ok: false, key: 'invalid' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return { ok: false, key: 'invalid' };
      }
      const schema = schemaOf(jsonSchema);
      if (!schema) return { ok: false, key: 'bad_json_schema' };
      return schema.safeParse(parsed).success
        ? { ok: true, value: parsed }
        : { ok: false, key: 'not_matching_schema' };
    }
  }
}

const fieldFields = z.object({
  key: versionFieldKey,
  name: safeText().trim().min(1).max(64),
  type: z.enum(VERSION_FIELD_TYPES),
  /** What a version without a value of its own carries. */
  default_value: versionFieldValue,
  /** `json` fields: the JSON Schema (as JSON text) every value must match; empty: any JSON. */
  json_schema: jsonSchemaText,
  description: safeText().trim().max(200),
  /** Disabled fields are kept (versions may hold values) but no longer sent to games. */
  enabled: z.boolean(),
});

export const versionFieldCreateBody = fieldFields.extend({
  json_schema: jsonSchemaText.default(''),
  description: fieldFields.shape.description.default(''),
  enabled: z.boolean().default(true),
});
export type VersionFieldCreate = z.input<typeof versionFieldCreateBody>;

/** The key and type never change once created (versions hold values by key). */
export const versionFieldUpdateBody = fieldFields.partial().extend({ version: versionField });
export type VersionFieldUpdate = z.input<typeof versionFieldUpdateBody>;

export const versionFieldItem = fieldFields.extend({ ...rowMeta });
export type VersionField = z.infer<typeof versionFieldItem>;

export const VERSION_FIELD_SORTS = ['key', 'id', 'name', 'type', 'updated_at'] as const;
export const versionFieldFilters = {
  /** Part of the key, the name or the description. */
  q: keyword,
  type: z.enum(VERSION_FIELD_TYPES).optional(),
};
export const versionFieldListQuery = listQuery(VERSION_FIELD_SORTS, versionFieldFilters);
export const versionFieldExportQuery = exportQuery(versionFieldFilters);
export const versionFieldListAnswer = listAnswer(versionFieldItem);

export const versionFieldsResource = defineResource({
  name: 'version-fields',
  page: '/product/product-fe/version-field-config',
  scope: 'product',
  logTarget: 'version_field',
  namespace: 'versionFields',
  item: versionFieldItem,
  create: versionFieldCreateBody,
  update: versionFieldUpdateBody,
  list: versionFieldListQuery,
  export: versionFieldExportQuery,
  filters: ['q', 'type'],
  sorts: VERSION_FIELD_SORTS,
  remove: 'delete',
  sheet: {
    key: 'key',
    // `default_value` is written as JSON ("on", 60, true), so a cell says its type.
    columns: ['name', 'type', 'default_value', 'json_schema', 'description', 'enabled'],
  },
});
