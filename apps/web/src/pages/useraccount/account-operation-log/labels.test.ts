import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@rx/contracts/languages';
import { LOG_ACTIONS, LOG_TARGET_TYPES } from '@rx/contracts/operation-logs';
import { requestTarget } from './labels.ts';

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

describe('an approval request in the log', () => {
  it('reads its change in words before the object, never the kind key (issue 27)', async () => {
    const approvals = import.meta.glob<Record<string, unknown>>('../../../locales/zh/approvals.json', {
      eager: true,
      import: 'default',
    });
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'zh',
      resources: { zh: { approvals: approvals['../../../locales/zh/approvals.json']! } },
    });
    expect(requestTarget(i18n.t, 'code_batches.activate 春节礼包')).toBe('启用兑换码批次 · 春节礼包');
    expect(requestTarget(i18n.t, 'web_orders.refund WS0001')).not.toMatch(/web_orders/);
    // A name that only looks like a kind stays as it is.
    expect(requestTarget(i18n.t, 'not.a_kind x')).toBe('not.a_kind x');
  });
});
