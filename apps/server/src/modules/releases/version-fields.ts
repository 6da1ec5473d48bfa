import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  fieldValueOf,
  schemaOf,
  versionFieldsResource,
  type VersionField,
  type VersionFieldValue,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { containsAny } from '../../lib/list.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { inScope } from '../../lib/scope.ts';
import { appReleases, versionFields } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof versionFields.$inferSelect;

/** A field's default, kept as `{ value }` (see the table). */
const defaultOf = (row: Pick<Row, 'defaultValue'>): VersionFieldValue => row.defaultValue.value;

export function toField(row: Row): VersionField {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    type: row.type,
    default_value: defaultOf(row),
    json_schema: row.jsonSchema,
    description: row.description,
    enabled: row.enabled,
    ...stamps(row),
  };
}

const fieldsOf = (db: Db, scope: Scope) =>
  db.select().from(versionFields).where(inScope(versionFields, scope));

/**
 * Checks a version's field values: each key names a field of the game, each value fits its type
 * (a json field's text parses and matches its schema). Problems go on `field_values.<key>`.
 */
export async function checkFieldValues(
  db: Db,
  scope: Scope,
  values: Record<string, VersionFieldValue>,
  problems: FieldProblems,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  const byKey = new Map((await fieldsOf(db, scope)).map((row) => [row.key, row]));
  for (const [key, value] of Object.entries(values)) {
    const field = byKey.get(key);
    if (!field) problems.add(`field_values.${key}`, 'unknown_ref');
    else {
      const checked = fieldValueOf(field.type, field.jsonSchema, value);
      if (!checked.ok) problems.add(`field_values.${key}`, checked.key);
    }
  }
}

/** What a publish carries: every enabled field, the version's value or else the field's default, as the game reads it. */
export async function publishedFields(
  db: Db,
  scope: Scope,
  values: Record<string, VersionFieldValue>,
): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  for (const row of await fieldsOf(db, scope)) {
    if (!row.enabled) continue;
    const own = fieldValueOf(row.type, row.jsonSchema, values[row.key] ?? defaultOf(row));
    const fallback = fieldValueOf(row.type, row.jsonSchema, defaultOf(row));
    // A value that no longer fits (the schema changed since) gives way to the default.
    if (own.ok) fields[row.key] = own.value;
    else if (fallback.ok) fields[row.key] = fallback.value;
  }
  return fields;
}

/** The sheet: the default value's cell is JSON, so text, number and switch read back as they were. */
function fieldSheet() {
  const base = autoSheet<VersionField>(versionFieldsResource);
  return {
    ...base,
    toCells: (item: VersionField) => ({
      ...base.toCells(item),
      default_value: JSON.stringify(item.default_value),
    }),
    fromCells(cells: Record<string, string>): unknown {
      const body = base.fromCells(cells) as Record<string, unknown>;
      const raw = cells.default_value ?? '';
      try {
        body.default_value = JSON.parse(raw);
      } catch {
        // Not JSON: taken as text, for the type check to judge.
        body.default_value = raw;
      }
      return body;
    },
  };
}

export const fieldImpl: ResourceImpl<typeof versionFieldsResource, typeof versionFields, VersionField, null> =
  {
    table: versionFields,
    toItem: toField,
    nameOf: (row) => `${row.name} (${row.key})`,
    where: (f) => [
      containsAny(f.q, versionFields.key, versionFields.name, versionFields.description),
      f.type ? eq(versionFields.type, f.type) : undefined,
    ],
    columns: (input) => ({
      key: input.key,
      name: input.name,
      type: input.type,
      defaultValue: input.default_value === undefined ? undefined : { value: input.default_value },
      jsonSchema: input.json_schema,
      description: input.description,
      enabled: input.enabled,
    }),
    immutable: ['key', 'type'],
    unique: { version_fields_product_key: 'key' },
    async check(_db, scope, input, before) {
      const problems = new FieldProblems(scope.lang);
      const type = input.type ?? before!.type;
      const jsonSchema = input.json_schema ?? before?.jsonSchema ?? '';
      if (type === 'json' && jsonSchema && !schemaOf(jsonSchema))
        problems.add('json_schema', 'bad_json_schema');
      else if (input.default_value !== undefined || input.json_schema !== undefined) {
        const checked = fieldValueOf(type, jsonSchema, input.default_value ?? defaultOf(before!));
        if (!checked.ok) problems.add('default_value', checked.key);
      }
      problems.throwIfAny();
    },
    // Versions holding a value keep the field: it is disabled instead (no longer sent to games).
    async usage(db, scope, row) {
      const [used] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(appReleases)
        .where(and(inScope(appReleases, scope), sql`jsonb_exists(${appReleases.fieldValues}, ${row.key})`));
      return used && used.count > 0 ? [{ type: 'app_release', count: used.count }] : [];
    },
    disable: { isDisabled: (row) => !row.enabled, set: { enabled: false } },
    sheet: fieldSheet(),
  };

/** `/version-fields`: list, get, create, update, delete (disable when versions hold values), export and import. */
export function versionFieldRoutes(app: FastifyInstance, db: Db): void {
  resourceRoutes(
    app,
    db,
    versionFieldsResource,
    resourceService(versionFieldsResource, fieldImpl),
    fieldImpl,
  );
}
