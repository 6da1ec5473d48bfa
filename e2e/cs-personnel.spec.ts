import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Personnel settings: a wrong "add agent" (no staff member) is refused, a right one lists the agent
// with its capacity, the capacity is changed, the agents sort by capacity. The page is the CP's, so
// the two languages run one after the other on the same agent. Chinese at 1440 px, Arabic at 390 px.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000, mode: 'serial' });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, width } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const) {
  test(`add an agent, refuse a wrong one, change the capacity (${lang}, ${width} px)`, async ({ page }) => {
    const s: Strings = localeStrings('csPersonnel', lang);
    const crud: Strings = localeStrings('crud', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const list = new ListPage(page);
    await page.goto('/main/service/personnel-settings');
    const existing = list.rows.filter({ hasText: 'ops_gn' });
    // The first run adds ops_gn; the second finds it there and removes it first.
    if (lang === 'ar') {
      await expect(existing).toHaveCount(1);
      await button(existing, crud.action.delete).click();
      await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      await expect(existing).toHaveCount(0);
    }

    await button(page, s.add).click();
    const drawer = openDrawer(page);
    // Wrong: no staff member chosen.
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);
    // Right.
    await drawer.getByLabel(s.staff, { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^ops_gn$/ })
      .click();
    await drawer.getByLabel(s.capacity, { exact: true }).fill('3');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    const row = list.rows.filter({ hasText: 'ops_gn' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('3');

    // The capacity changes.
    await button(row, crud.action.edit).click();
    const edit = openDrawer(page);
    await edit.getByLabel(s.capacity, { exact: true }).fill('7');
    await button(edit, crud.action.save).click();
    await expect(edit).toBeHidden();
    await expect(row.locator('td').nth(2)).toHaveText('7');
    // Sorted by capacity from its header.
    await page.locator('.rx-data-table thead th').filter({ hasText: s.capacity }).click();
    await expect(list.rows.first()).toBeVisible();
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
