import type { TFunction } from 'i18next';

/**
 * A job's kind in words: `import:props` → "Import: Props" (the table by its name in the operation
 * log's `oplog:targets`, never the raw resource name); a module's own kind by its name in
 * `jobs:kinds` (`user-groups:materialize` → key `user_groups_materialize`); an unknown one as it is.
 */
export function kindLabel(t: TFunction, kind: string): string {
  const [family, resource = ''] = kind.split(':');
  if (family === 'import')
    return t('jobs:kind.import', { name: t(`oplog:targets.${resource}`, { defaultValue: resource }) });
  return t(`jobs:kinds.${kindKey(kind)}`, { defaultValue: kind });
}

/** The translation key of a kind: its separators (`:`, `.`, `-`) as underscores. */
export function kindKey(kind: string): string {
  return kind.replace(/[:.-]/g, '_');
}
