import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { ARABIC_PHONE, CHINESE_WIDE, button, fitsAndPasses, openDrawer, rowOf } from './support/ui.ts';

// Share ad scheduling as staff use it: two slots booked, the calendar shows them on their day;
// moving one onto the other's placement is refused naming the other, on another platform it is
// saved. In Chinese at 1440 px and in Arabic at 390 px, with no serious axe finding and nothing
// wider than the screen.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 180_000 });

async function choose(page: Page, select: string, option: string) {
  await page.locator(select).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

for (const c of [CHINESE_WIDE, ARABIC_PHONE] as const) {
  test(`share ad slots: the calendar, a conflict refused then resolved (${c.lang}, ${c.width} px)`, async ({
    page,
  }) => {
    const s = localeStrings('shareAds', c.lang) as Record<string, any>;
    const crud = localeStrings('crud', c.lang) as Record<string, any>;
    const menu = localeStrings('menu', c.lang) as Record<string, any>;
    const tag = `${c.lang}${Date.now().toString(36)}`;
    await page.setViewportSize({ width: c.width, height: c.width > 500 ? 900 : 844 });
    await signIn(page, 'admin', 'zh', '/main/commercialbasic/share-ad-config/share-config');
    if (c.lang !== 'zh') await switchLanguage(page, c.name, c.html, c.dir);

    // An hour of a day later this month or next (its own, so runs never meet), in the browser's time.
    const { start, monthsAhead, day } = await page.evaluate(() => {
      const now = new Date();
      const at = new Date(
        now.getFullYear(),
        now.getMonth(),
        now.getDate() + 2 + Math.floor(Math.random() * 20),
      );
      at.setMinutes(Math.floor(Math.random() * 22 * 60));
      const ahead = (at.getFullYear() - now.getFullYear()) * 12 + at.getMonth() - now.getMonth();
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        start: at.toISOString(),
        monthsAhead: ahead,
        day: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
      };
    });
    const end = new Date(Date.parse(start) + 3_600_000).toISOString();
    await api(page, 'POST', '/share-ad-slots', {
      name: `Banner ${tag}`,
      placement: 'share_panel',
      platform: 'wechat',
      starts_at: start,
      ends_at: end,
    });
    await api(page, 'POST', '/share-ad-slots', {
      name: `Result ${tag}`,
      placement: 'result_page',
      platform: 'all',
      starts_at: start,
      ends_at: end,
    });
    await page.reload();

    // The calendar shows both on their day.
    const calendar = page.getByTestId('share-ad-calendar');
    for (let i = 0; i < monthsAhead; i++)
      await calendar.getByRole('button', { name: s.calendar.next }).click();
    const cell = calendar.locator(`[data-day="${day}"]`).first();
    await expect(cell).toContainText(`Banner ${tag}`);
    await expect(cell).toContainText(`Result ${tag}`);
    await fitsAndPasses(page, c.dir);

    // Moved onto the banner's placement on every platform: refused, naming the banner.
    const row = rowOf(page, `Result ${tag}`);
    await row.getByRole('button', { name: crud.action.edit }).click();
    const drawer = openDrawer(page);
    await choose(page, '#slot-placement', s.placements.share_panel);
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toContainText(`Banner ${tag}`);
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);

    // On another platform it meets nothing and is saved.
    await choose(page, '#slot-platform', menu['group.qq']);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 30_000 });
    await expect(row).toContainText(s.placements.share_panel);
    await fitsAndPasses(page, c.dir);
  });
}
