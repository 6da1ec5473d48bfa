import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Service settings: a wrong time zone is refused on its field and nothing is saved; a right one
// and the offline message are saved and read back; a team is created with its language. The
// settings are the game's, so the two languages run one after the other. Chinese at 1440 px,
// Arabic at 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000, mode: 'serial' });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, width } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const) {
  test(`service settings: refuse a wrong time zone, save the hours' zone and a team (${lang}, ${width} px)`, async ({
    page,
  }) => {
    const s: Strings = localeStrings('csSettings', lang);
    const crud: Strings = localeStrings('crud', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const tag = `${lang}${Date.now().toString(36)}`;
    await page.goto('/main/service/service-settings');
    const form = page.getByTestId('cs-settings-form');
    const zone = form.getByLabel(s.timeZone, { exact: true });
    await expect(zone).toHaveValue(/\//);

    // Wrong: a zone that does not exist.
    await zone.fill('Mars/Olympus');
    await button(form, crud.action.save).click();
    await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);
    const saved = await api<{ time_zone: string }>(page, 'GET', '/cs/settings');
    expect(saved.time_zone).not.toBe('Mars/Olympus');

    // Right.
    await zone.fill('Asia/Singapore');
    await form.getByLabel(s.offlineMessage, { exact: true }).fill(`closed ${tag}`);
    await button(form, crud.action.save).click();
    await expect(page.locator('.ant-message')).toContainText(crud.action.saved);
    await page.reload();
    await expect(form.getByLabel(s.timeZone, { exact: true })).toHaveValue('Asia/Singapore');
    await expect(form.getByLabel(s.offlineMessage, { exact: true })).toHaveValue(`closed ${tag}`);

    // A team serving Thai.
    await button(page, s.teamAdd).click();
    const drawer = openDrawer(page);
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await drawer.getByLabel(s.teamName, { exact: true }).fill(`team ${tag}`);
    await drawer.getByLabel(s.teamLanguages, { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'ไทย' }).click();
    await drawer.getByLabel(s.teamName, { exact: true }).click();
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    const row = page.locator('.rx-data-table tbody tr', { hasText: `team ${tag}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('ไทย');
    expect(await seriousViolations(page), 'axe on the saved page').toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
