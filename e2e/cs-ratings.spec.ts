import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Rating and complaints: a player rates a resolved conversation 1 (through the game API); the low
// rating is listed; a complaint without a reason is refused, with one it opens; closing it without
// the outcome is refused, with one it closes. Chinese at 1440 px, Arabic at 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, width } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const) {
  test(`a low rating gets a complaint worked to a close (${lang}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const s: Strings = localeStrings('csRatings', lang);
    const crud: Strings = localeStrings('crud', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);

    const key = await newGameKey(page);
    const openid = `rt${lang}${Date.now().toString(36)}`;
    const opened = await gameCall<{ id: number }>(request, key, 'POST', '/api/game/v1/cs/conversations', {
      openid,
    });
    const id = opened.data.id;
    await gameCall(request, key, 'POST', `/api/game/v1/cs/conversations/${id}/messages`, {
      openid,
      text: '转人工',
    });
    await api(page, 'POST', `/cs/conversations/${id}/messages`, { text: 'hello' });
    await api(page, 'POST', `/cs/conversations/${id}/resolve`, {});
    const rated = await gameCall(request, key, 'POST', `/api/game/v1/cs/conversations/${id}/rating`, {
      openid,
      score: 1,
      comment: `too slow ${openid}`,
    });
    expect(rated.code).toBe(0);

    await page.goto('/main/service/rating-complaints');
    const row = page.locator('.rx-data-table tbody tr', { hasText: openid });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`too slow ${openid}`);
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // A complaint without a reason is refused; with one it opens.
    await button(row, s.openComplaint).click();
    const drawer = openDrawer(page);
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused complaint').toEqual([]);
    await drawer.getByLabel(s.reason, { exact: true }).fill('rude reply');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    await expect(row).toContainText(s.status.open);

    // Closing needs the outcome.
    await button(row, s.handle).click();
    const handle = openDrawer(page);
    await handle.getByLabel(s.statusLabel, { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: s.status.closed })
      .click();
    await button(handle, crud.action.save).click();
    await expect(handle.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await handle.getByLabel(s.outcome, { exact: true }).fill('coached the agent');
    await button(handle, crud.action.save).click();
    await expect(handle).toBeHidden();
    await expect(row).toContainText(s.status.closed);
    await expect(row).toContainText('coached the agent');
    expect(await seriousViolations(page), 'axe after the close').toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
