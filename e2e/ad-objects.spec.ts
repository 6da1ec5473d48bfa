import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button } from './support/ui.ts';

// A medium's delivery through the built-in fake medium: the live objects pulled, a campaign paused
// on the medium, a budget under the medium's minimum refused with its reason (shown on the row),
// then a right budget sent; in Chinese and Arabic, at 1440 and 390 px, with no serious axe finding.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, agent: first } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', agent: 901 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', agent: 902 },
] as const) {
  test(`delivery: pull, pause, a refused then a right budget (${lang})`, async ({ page }, info) => {
    // A retry (or a repeat) authorises an agent of its own: an earlier try's pause and budget stay
    // on its objects.
    const agent = first + 100 * info.retry + 1000 * info.repeatEachIndex;
    const s: Strings = localeStrings('ads', lang);
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    // An agent of our own with its advertisers, authorised through the simulated medium.
    const { state } = await api<{ state: string }>(page, 'POST', '/ad-accounts/authorize?media=jrtt', {});
    await api(page, 'POST', '/ad-accounts/authorize/callback?media=jrtt', {
      code: `fake-agent-${agent}`,
      state,
    });
    const advertiser = `jrtt-agent-${agent}-1`;

    await page.goto(`/main/newrxlaunch/jrtt/put-manage?q=${advertiser}-`);
    await button(page, s.objects.sync).click();
    const rows = page.locator('.rx-data-table tbody tr.ant-table-row');
    await expect(rows).toHaveCount(4);
    const campaign = rows.filter({ hasText: `${advertiser}-c1` });
    await expect(campaign).toContainText(s.objects.statuses.active);
    expect(await seriousViolations(page), 'axe on the delivery list').toEqual([]);

    // Paused on the medium. Someone else's pull in between (another test's, here) brings nothing
    // new for this row and keeps its version, so the first click goes through.
    await button(campaign, s.objects.pause).click();
    await expect(campaign).toContainText(s.objects.statuses.paused);

    // A budget under the medium's minimum: its reason, on the row too; then a right one.
    await button(campaign, s.objects.budget).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(s.objects.columns.budget).fill('1');
    await button(dialog, s.objects.send).click();
    await expect(page.locator('.ant-message')).toContainText('300.00');
    await expect(campaign).toContainText('300.00');
    expect(await seriousViolations(page), 'axe on the refused budget').toEqual([]);
    await dialog.getByLabel(s.objects.columns.budget).fill('800');
    await button(dialog, s.objects.send).click();
    await expect(dialog).toBeHidden();
    await expect(campaign).toContainText('800');
    await expect(campaign).not.toContainText('300.00');

    // A phone: the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(rows).toHaveCount(4);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
