import type { TFunction } from 'i18next';

/** A job's kind in words: `import:props` → "Import: props". */
export function kindLabel(t: TFunction, kind: string): string {
  const [family, name = ''] = kind.split(':');
  if (family === 'import') return t('jobs:kind.import', { name });
  return kind;
}
