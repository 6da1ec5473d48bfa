import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@rx/contracts/languages';
import { JOB_KINDS } from '@rx/contracts/jobs';
import { kindKey } from './labels.ts';

type Jobs = { kinds: Record<string, string> };
const bundles = import.meta.glob<Jobs>('../../locales/*/jobs.json', { eager: true, import: 'default' });

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
