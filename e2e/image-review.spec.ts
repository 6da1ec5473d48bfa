import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { openDrawer } from './support/ui.ts';

// Image review (a page going offline): a game sends three images, the (fake) moderation and the
// default policy approve the clean one, reject the unwanted one and leave the middle one pending;
// staff approve it in bulk and read the policy; in Chinese and Arabic, at 1440 and 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`images scored and decided, the pending one approved in bulk (${lang})`, async ({ page }) => {
    const s: Strings = localeStrings('imageReviews', lang);
    const menu: Strings = localeStrings('menu', lang);
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const openid = `e2e_img_${lang}${Date.now().toString(36)}`;
    const key = await newGameKey(page);
    const statuses: string[] = [];
    for (const file of ['cat', 'racy', 'nsfw']) {
      const sent = await gameCall<{ id: number; status: string }>(
        page.request,
        key,
        'POST',
        '/api/game/v1/images',
        {
          openid,
          kind: 'avatar',
          url: `https://cdn.example.com/${openid}/${file}.png`,
        },
      );
      statuses.push(sent.data.status);
    }
    expect(statuses).toEqual(['approved', 'pending', 'rejected']);

    const list = new ListPage(page);
    await page.goto(`/main/offline/image-review?q=${openid}`);
    await expect(page.getByTestId('going-offline')).toHaveText(menu['tip.goingOffline']);
    await expect(list.rows).toHaveCount(3);
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    await page.goto(`/main/offline/image-review?q=${openid}&status=pending`);
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText(s.states.pending);
    await list.rows.first().locator('input[type=checkbox]').check();
    await page.getByTestId('image-bulk-approve').click();
    await page.goto(`/main/offline/image-review?q=${openid}&status=approved`);
    await expect(list.rows).toHaveCount(2, { timeout: 60_000 });

    // The policy, read in its drawer.
    await page.getByRole('button', { name: s.policy }).click();
    const drawer = openDrawer(page);
    await expect(drawer.locator('#policy-approve')).toHaveValue('30');
    expect(await seriousViolations(page), 'axe on the policy').toEqual([]);
    await page.keyboard.press('Escape');

    // A phone: the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/main/offline/image-review?q=${openid}`);
    await expect(list.rows).toHaveCount(3);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
