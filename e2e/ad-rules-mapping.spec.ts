import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button } from './support/ui.ts';

// Automated rules and channel mapping through the built-in fake medium: a rule's dry run in the
// rule editor shows what it would pause and pauses nothing; a mapping's detail page names its
// sub-channel, account and campaign; in Chinese and Arabic, at 1440 and 390 px, no serious axe finding.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, agent } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', agent: 931 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', agent: 932 },
] as const) {
  test(`rules: dry run changes nothing; a mapping's detail (${lang})`, async ({ page }) => {
    const s: Strings = localeStrings('adRules', lang);
    const m: Strings = localeStrings('adMappings', lang);
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const { state } = await api<{ state: string }>(page, 'POST', '/ad-accounts/authorize?media=jrtt', {});
    await api(page, 'POST', '/ad-accounts/authorize/callback?media=jrtt', {
      code: `fake-agent-${agent}`,
      state,
    });
    const advertiser = `jrtt-agent-${agent}-1`;
    const accounts = await api<{ list: { id: number; account_id: string }[] }>(
      page,
      'GET',
      `/ad-accounts?media=jrtt&q=${advertiser}`,
    );
    const account = accounts.list.find((a) => a.account_id === advertiser)!;
    await api(page, 'POST', '/ad-objects/sync?media=jrtt', {});
    const ruleName = `E2E pause ${agent} ${Date.now()}`;
    await api(page, 'POST', '/ad-rules', {
      name: ruleName,
      media: 'jrtt',
      ad_account_ids: [account.id],
      conditions: [{ metric: 'cost', op: 'gte', value: 0 }],
      action: 'pause',
      level: 'campaign',
    });

    // The rule editor: a dry run lists what it would pause; the medium's campaigns stay active.
    await page.goto(
      `/main/rxlaunch/rxlaunch-fe/deliver-manage/trustship-rule?q=${encodeURIComponent(ruleName)}`,
    );
    const row = page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: ruleName });
    await expect(row).toHaveCount(1);
    expect(await seriousViolations(page), 'axe on the rules').toEqual([]);
    await button(row, s.dryRun).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(s.dryRunNote);
    await expect(dialog.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(dialog.locator('.ant-tag').first()).toHaveText(s.outcomes.would);
    expect(await seriousViolations(page), 'axe on the dry run').toEqual([]);
    const objects = await api<{ list: { status: string }[] }>(
      page,
      'GET',
      `/ad-objects?media=jrtt&ad_account_id=${account.id}&level=campaign`,
    );
    expect(objects.list.every((o) => o.status === 'active')).toBe(true);

    // A mapping of a sub-channel to the advertiser's first campaign, on its detail page.
    const subs = await api<{ list: { id: number; code: string }[] }>(
      page,
      'GET',
      '/sub-channels?page_size=50',
    );
    const sub = subs.list[agent % subs.list.length]!;
    const mapping = await api<{ id: number }>(page, 'POST', '/ad-mappings', {
      sub_channel_id: sub.id,
      media: 'jrtt',
      ad_account_id: account.id,
      campaign_id: `${advertiser}-c1`,
    });
    await page.goto(`/main/rxlaunch/rxlaunch-fe/deliver-manage/mapping-manage/detail/${mapping.id}`);
    await expect(page.getByText(m.attribution)).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toContainText(sub.code);
    await expect(page.locator('.ant-descriptions')).toContainText(`${advertiser}-c1`);
    expect(await seriousViolations(page), 'axe on the mapping').toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByText(m.attribution)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
