import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Module management (a page going offline): staff add a feature module for a version range with a
// rollout and a whitelist (a wrong form is refused with its reasons), the list shows it; the list
// pages, sorts and filters; in Chinese and Arabic, at 1440 and 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`add a feature module, refuse a wrong one, list and filter (${lang})`, async ({ page }) => {
    const s: Strings = localeStrings('featureModules', lang);
    const crud: Strings = localeStrings('crud', lang);
    const menu: Strings = localeStrings('menu', lang);
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const tag = `e2e_${lang}_${Date.now().toString(36)}`;

    await page.goto('/main/offline/module-manage');
    await expect(page.getByTestId('going-offline')).toHaveText(menu['tip.goingOffline']);
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    // Wrong: no name, the highest version below the lowest. Nothing is saved.
    await drawer.locator('#module-code').fill(`${tag}_shop`);
    await drawer.locator('#module-min').fill('2.0');
    await drawer.locator('#module-max').fill('1.5');
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error')).toHaveCount(2);
    await expect(drawer).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);

    // Right: a name, a good range, on, 25 %, two whitelisted players.
    await drawer.locator('#module-name').fill(`Shop ${tag}`);
    await drawer.locator('#module-max').fill('2.5');
    await drawer.locator('#module-enabled').click();
    await drawer.locator('#module-rollout').fill('25');
    await drawer.locator('#module-whitelist').fill('vip_a vip_b ');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();

    const list = new ListPage(page);
    await page.goto(`/main/offline/module-manage?q=${tag}_shop`);
    await expect(list.rows).toHaveCount(1);
    const row = list.rows.first();
    await expect(row).toContainText('2.0 – 2.5');
    await expect(row).toContainText('25%');
    await expect(row).toContainText(s.allChannels);
    await expect(row).toContainText(crud.status.active);
    await expect(row).toContainText(s.whitelistCount.replace('{{count}}', '2'));
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // Paged, sorted and filtered: eleven more modules of this run, every other one off.
    for (let i = 0; i < 11; i++)
      await api(page, 'POST', '/feature-modules', {
        code: `${tag}_m${String(i).padStart(2, '0')}`,
        name: `M ${i}`,
        enabled: i % 2 === 0,
      });
    await page.goto(`/main/offline/module-manage?q=${tag}_m&page_size=10&sort=code`);
    await expect(list.rows).toHaveCount(10);
    await expect(list.rows.first()).toContainText(`${tag}_m00`);
    await list.clickPage(2);
    await list.expectQuery('page', '2');
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText(`${tag}_m10`);
    await page.goto(`/main/offline/module-manage?q=${tag}_m&enabled=0&sort=-code`);
    await expect(list.rows).toHaveCount(5);
    await expect(list.rows.first()).toContainText(`${tag}_m09`);
    await expect(list.rows.first()).toContainText(crud.status.disabled);

    // A phone: the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/main/offline/module-manage?q=${tag}_shop`);
    await expect(list.rows).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
