import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@rx/contracts/languages';
import { JOB_KINDS } from '@rx/contracts/jobs';
import { kindKey, kindLabel } from './labels.ts';

type Jobs = { kinds: Record<string, string> };
const bundles = import.meta.glob<Jobs>('../../locales/*/jobs.json', { eager: true, import: 'default' });
const oplogBundles = import.meta.glob<Record<string, unknown>>('../../locales/*/oplog.json', {
  eager: true,
  import: 'default',
});

describe('job kind labels', () => {
  it('names every kind of job the server defines, in every language', () => {
    for (const lang of LANGUAGES) {
      const strings = bundles[`../../locales/${lang}/jobs.json`]!;
      expect(
        JOB_KINDS.filter((kind) => !strings.kinds[kindKey(kind)]),
        lang,
      ).toEqual([]);
    }
  });
});

describe('an import job', () => {
  it('is named by its table in the reader language, never by the raw resource (issue 27)', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'zh',
      resources: {
        zh: {
          jobs: bundles['../../locales/zh/jobs.json']!,
          oplog: oplogBundles['../../locales/zh/oplog.json']!,
        },
      },
    });
    const label = kindLabel(i18n.t, 'import:props');
    expect(label).toBe('导入：道具表');
    expect(label).not.toMatch(/props|import:/);
  });
});
