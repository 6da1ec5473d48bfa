import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Account cancellation (a page going offline): a player asks through the game API and the request
// cools off; staff place a legal hold; the player signs in and the request is withdrawn; staff file
// one for another player (a wrong openid is refused); in Chinese and Arabic, at 1440 and 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`a player's request cools off, is held, then withdrawn by a sign-in; staff file one (${lang})`, async ({
    page,
  }) => {
    const s: Strings = localeStrings('accountCancellations', lang);
    const crud: Strings = localeStrings('crud', lang);
    const menu: Strings = localeStrings('menu', lang);
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const id = `${lang}${Date.now().toString(36)}`;
    const openid = `e2e_cancel_${id}`;
    const key = await newGameKey(page);
    const asked = await gameCall<{ id: number; status: string }>(
      page.request,
      key,
      'POST',
      '/api/game/v1/account-cancellations',
      { openid },
    );
    expect(asked.data.status).toBe('cooling_off');

    const list = new ListPage(page);
    await page.goto(`/main/offline/account-cancellation?openid=${openid}`);
    await expect(page.getByTestId('going-offline')).toHaveText(menu['tip.goingOffline']);
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText(s.states.cooling_off);
    await expect(list.rows.first()).toContainText(s.sources.game);
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // A legal hold, with its reason.
    await button(list.rows.first(), crud.action.edit).click();
    const drawer = openDrawer(page);
    await drawer.locator('#cancel-hold').click();
    await drawer.locator('#cancel-hold-reason').fill('Chargeback dispute');
    expect(await seriousViolations(page), 'axe on the hold form').toEqual([]);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    await expect(list.rows.first()).toContainText(s.held);

    // The player signs in: withdrawn, and no longer editable.
    const login = await gameCall<{ results: { status: string }[] }>(
      page.request,
      key,
      'POST',
      '/api/game/v1/players/events',
      { events: [{ type: 'login', event_id: `login-${id}`, openid, at: new Date().toISOString() }] },
    );
    expect(login.data.results[0]!.status).toBe('ok');
    await page.reload();
    await expect(list.rows.first()).toContainText(s.states.withdrawn);
    await expect(list.rows.first()).toContainText(s.closed.withdrawn);

    // Staff file one for another player: a wrong openid is refused, a right one cools off.
    await page.goto('/main/offline/account-cancellation');
    await button(page, crud.action.create).click();
    const form = openDrawer(page);
    await form.locator('#cancel-openid').fill('has space');
    await button(form, crud.action.save).click();
    await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(1);
    await form.locator('#cancel-openid').fill(`${openid}_b`);
    await form.locator('#cancel-note').fill('Asked by e-mail');
    await button(form, crud.action.save).click();
    await expect(form).toBeHidden();
    await page.goto(`/main/offline/account-cancellation?q=${openid}&status=cooling_off`);
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText(s.sources.staff);

    // A phone: the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/main/offline/account-cancellation?q=${openid}`);
    await expect(list.rows).toHaveCount(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
