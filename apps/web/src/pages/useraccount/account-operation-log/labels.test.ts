import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@rx/contracts/languages';
import { LOG_ACTIONS, LOG_TARGET_TYPES } from '@rx/contracts/operation-logs';

type Oplog = { actions: Record<string, string>; targets: Record<string, string> };
const bundles = import.meta.glob<Oplog>('../../../locales/*/oplog.json', { eager: true, import: 'default' });

describe('operation log labels', () => {
  it('translates every action and kind of target the server writes, in every language', () => {
    for (const lang of LANGUAGES) {
      const strings = bundles[`../../../locales/${lang}/oplog.json`]!;
      expect(
        LOG_ACTIONS.filter((a) => !strings.actions[a]),
        lang,
      ).toEqual([]);
      expect(
        LOG_TARGET_TYPES.filter((t) => !strings.targets[t]),
        lang,
      ).toEqual([]);
    }
  });
});
