import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// The service blacklist: staff page through, sort and filter the entries, a wrong entry is refused
// with its reason, a right one blocks the player — the game API then refuses them a conversation.
// In Chinese at 1440 px and Arabic at 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, width } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const) {
  test(`page, sort and filter the blacklist; block a player (${lang}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const s: Strings = localeStrings('csBlacklist', lang);
    const crud: Strings = localeStrings('crud', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const tag = `bl${lang}${Date.now().toString(36)}`;
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    for (let n = 1; n <= 12; n++) {
      await api(page, 'POST', '/cs-blacklist', {
        openid: `${tag}_${String(n).padStart(2, '0')}`,
        reason: `r${n}`,
        expires_at: n % 2 ? inDays(n) : null,
      });
    }

    // Newest first, 10 a page; sorted by openid from its column's header; paged.
    const list = new ListPage(page);
    await page.goto(`/main/service/blacklist?q=${tag}&page_size=10`);
    await expect(list.rows).toHaveCount(10);
    await expect(list.rows.first()).toContainText(`${tag}_12`);
    await page.locator('.rx-data-table thead th').filter({ hasText: s.openid }).click();
    await list.expectQuery('sort', 'openid');
    await expect(list.rows.first()).toContainText(`${tag}_01`);
    await list.clickPage(2);
    await list.expectQuery('page', '2');
    await expect(list.rows).toHaveCount(2);
    await expect(list.rows.first()).toContainText(`${tag}_11`);
    // The other way, from the address.
    await page.goto(`/main/service/blacklist?q=${tag}&page_size=10&sort=-openid`);
    await expect(list.rows.first()).toContainText(`${tag}_12`);
    // Filtered: none of them has expired.
    await page.goto(`/main/service/blacklist?q=${tag}&state=expired`);
    await expect(list.rows).toHaveCount(0);
    await page.goto(`/main/service/blacklist?q=${tag}&state=active&page_size=50`);
    await expect(list.rows).toHaveCount(12);
    await expect(list.rows.first()).toContainText(s.states.active);
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // A wrong entry (no player) is refused with its reason; nothing is saved.
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    await drawer.getByLabel(s.reason, { exact: true }).fill('spam');
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expect(drawer).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);
    // Right: the player, until removed.
    const openid = `${tag}_x`;
    await drawer.getByLabel(s.openid, { exact: true }).fill(openid);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    await page.goto(`/main/service/blacklist?q=${openid}`);
    const row = list.rows.filter({ hasText: openid });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(s.forever);
    await expect(row).toContainText('spam');

    // The game API refuses the blocked player a conversation.
    const key = await newGameKey(page);
    const refused = await gameCall(request, key, 'POST', '/api/game/v1/cs/conversations', { openid });
    expect(refused.code).toBe(422001);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
