import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer, typeInPicker } from './support/ui.ts';

// Holidays (a page going offline): staff add a day to a calendar, a wrong form is refused with its
// reasons, the list shows the day; in Chinese and Arabic, at 1440 and 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`add a day to a holiday calendar, refuse a wrong one (${lang})`, async ({ page }) => {
    const s: Strings = localeStrings('holidays', lang);
    const crud: Strings = localeStrings('crud', lang);
    const menu: Strings = localeStrings('menu', lang);
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const region = `e2e${lang}${Date.now().toString(36)}`.slice(0, 16);

    await page.goto('/main/offline/holidays');
    await expect(page.getByTestId('going-offline')).toHaveText(menu['tip.goingOffline']);
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    // Wrong: no date, no name. The form says why and nothing is saved.
    await drawer.getByLabel(s.region, { exact: true }).fill(region);
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expect(drawer).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);

    // Right.
    await typeInPicker(drawer.getByLabel(s.date, { exact: true }), '2032-10-01');
    await drawer.getByLabel(s.name, { exact: true }).fill(`Day ${region}`);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    await page.goto(`/main/offline/holidays?region=${region}`);
    const row = page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: `Day ${region}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('2032-10-01');
    await expect(row).toContainText(s.kinds.custom);
    await expect(row).toContainText(s.weekdays['5']);
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // A phone: the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(row).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
