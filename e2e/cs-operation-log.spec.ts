import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button } from './support/ui.ts';

// Service operation log: a team created through the API is listed (filtered to teams), and its
// entry opens to what was written. Chinese at 1440 px, Arabic at 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, width } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const) {
  test(`service operation log lists a team's creation (${lang}, ${width} px)`, async ({ page }) => {
    const o: Strings = localeStrings('oplog', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const team = `log ${lang} ${Date.now().toString(36)}`;
    await api(page, 'POST', '/cs/teams', { name: team, languages: ['ar'] });

    await page.goto('/main/service/operation-log');
    const row = page.locator('.rx-data-table tbody tr', { hasText: team });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(o.targets.cs_team);
    await expect(row).toContainText(o.actions.create);
    expect(await seriousViolations(page), 'axe on the log').toEqual([]);

    // Filtered to teams; a staff name nobody has finds nothing.
    await page.getByRole('combobox', { name: o.targetType }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: o.targets.cs_team })
      .click();
    await expect(row).toHaveCount(1);
    await page.getByRole('textbox', { name: o.staff }).fill('nobody-at-all');
    await button(page.locator('.ant-card'), localeStrings('crud', lang).search.search).click();
    await expect(row).toHaveCount(0);
    await page.getByRole('textbox', { name: o.staff }).fill('admin');
    await page.getByRole('textbox', { name: o.staff }).press('Enter');
    await expect(row).toHaveCount(1);

    await button(row, o.detail.open).click();
    const drawer = page.locator('.ant-drawer-section:visible').last();
    await expect(drawer).toContainText(team);
    expect(await seriousViolations(page), 'axe on the entry').toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
