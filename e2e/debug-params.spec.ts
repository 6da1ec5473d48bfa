import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer, typeInPicker } from './support/ui.ts';

// Debug parameters (a page going offline): staff set a key-value for a player with an expiry (a
// wrong form is refused with its reasons), the list shows it in force; the list pages, sorts and
// filters; in Chinese and Arabic, at 1440 and 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`set a debug parameter for a player, refuse a wrong one, list and filter (${lang})`, async ({
    page,
  }) => {
    const s: Strings = localeStrings('debugParams', lang);
    const crud: Strings = localeStrings('crud', lang);
    const menu: Strings = localeStrings('menu', lang);
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const openid = `e2e_${lang}_${Date.now().toString(36)}`;

    await page.goto('/main/offline/debug-params');
    await expect(page.getByTestId('going-offline')).toHaveText(menu['tip.goingOffline']);
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    // Wrong: a key with a space, an expiry in the past. Nothing is saved.
    await drawer.locator('#debug-target').fill(openid);
    await drawer.locator('#debug-key').fill('bad key');
    await typeInPicker(drawer.locator('#debug-expires'), '2020-01-01 10:00');
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error')).toHaveCount(2);
    await expect(drawer).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);

    // Right: the default expiry (tomorrow), a good key and a value.
    await drawer.locator('#debug-key').fill('log.level');
    const tomorrow = new Date(Date.now() + 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await typeInPicker(
      drawer.locator('#debug-expires'),
      `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())} ${pad(tomorrow.getHours())}:00`,
    );
    await drawer.locator('#debug-value').fill('verbose');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();

    const list = new ListPage(page);
    await page.goto(`/main/offline/debug-params?target=${openid}`);
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText('log.level');
    await expect(list.rows.first()).toContainText('verbose');
    await expect(list.rows.first()).toContainText(s.states.active);
    await expect(list.rows.first()).toContainText(s.targetKinds.player);
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // Paged, sorted and filtered: eleven more keys of this player (one per device kind too).
    const expiry = new Date(Date.now() + 3 * 86_400_000).toISOString();
    for (let i = 0; i < 11; i++)
      await api(page, 'POST', '/debug-params', {
        target_kind: i % 2 ? 'device' : 'player',
        target: openid,
        key: `k${String(i).padStart(2, '0')}`,
        value: String(i),
        expires_at: expiry,
      });
    await page.goto(`/main/offline/debug-params?q=${openid}&page_size=10&sort=key`);
    await expect(list.rows).toHaveCount(10);
    await expect(list.rows.first()).toContainText('k00');
    await list.clickPage(2);
    await list.expectQuery('page', '2');
    await expect(list.rows).toHaveCount(2);
    await expect(list.rows.last()).toContainText('log.level');
    await page.goto(`/main/offline/debug-params?q=${openid}&target_kind=device&sort=-key`);
    await expect(list.rows).toHaveCount(5);
    await expect(list.rows.first()).toContainText('k09');
    await expect(list.rows.first()).toContainText(s.targetKinds.device);

    // A phone: the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/main/offline/debug-params?target=${openid}&target_kind=player&sort=-key`);
    await expect(list.rows.first()).toContainText('log.level');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
