import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// The ad tools' simple lists (one page for every kind): a title too short is refused with its
// reason, a right one is listed with how many ads used it; an application names its medium and
// app id; in Chinese and Arabic, at 1440 and 390 px, with no serious axe finding.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

const rows = (page: Page, text: string) =>
  page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: text });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`ad library: a title and an application (${lang})`, async ({ page }) => {
    const s: Strings = localeStrings('adLibrary', lang);
    const crud: Strings = localeStrings('crud', lang);
    const menu: Strings = localeStrings('menu', lang);
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const stamp = `${lang}${Date.now().toString(36)}`;

    await page.goto('/main/newrxlaunch/jrtt/title-library');
    await expect(page.getByRole('heading', { name: menu['page.titleLibrary'] })).toBeVisible();
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    // Wrong: a title shorter than the medium allows. The form says why and nothing is saved.
    await drawer.getByLabel(s.text['ad-titles'], { exact: true }).fill('abc');
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expect(drawer).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);
    // Right.
    await drawer.getByLabel(s.text['ad-titles'], { exact: true }).fill(`E2E title ${stamp}`);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    const title = rows(page, `E2E title ${stamp}`);
    await expect(title).toHaveCount(1);
    await expect(title).toContainText(s.anyMedium);
    expect(await seriousViolations(page), 'axe on the titles').toEqual([]);

    // An application: its medium and its app id.
    await page.goto('/main/rxlaunch/rxlaunch-fe/deliver-manage/application-management');
    await expect(page.getByRole('heading', { name: menu['page.applications'] })).toBeVisible();
    await button(page, crud.action.create).click();
    const appDrawer = openDrawer(page);
    await appDrawer.getByLabel(s.text['ad-apps'], { exact: true }).fill(`App ${stamp}`);
    await button(appDrawer, crud.action.save).click();
    // No app id: refused on that field.
    await expect(appDrawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await appDrawer.getByLabel(s.appId, { exact: true }).fill('1100234');
    await appDrawer.getByLabel(s.packageName, { exact: true }).fill('com.rx.e2e');
    await button(appDrawer, crud.action.save).click();
    await expect(appDrawer).toBeHidden();
    const app = rows(page, `App ${stamp}`);
    await expect(app).toHaveCount(1);
    await expect(app).toContainText('1100234');
    await expect(app).toContainText(menu['group.toutiao']);
    expect(await seriousViolations(page), 'axe on the applications').toEqual([]);

    // Media platforms info: every medium of the registry, Toutiao through its real API.
    await page.goto('/main/rxlaunch/rxlaunch-fe/deliver-manage/media-platforms-info');
    const media = page.locator('.rx-data-table tbody tr.ant-table-row');
    await expect(media).toHaveCount(7);
    await expect(media.filter({ hasText: menu['group.toutiao'] })).toContainText(s.platforms.real);
    await expect(media.filter({ hasText: menu['group.oppo'] })).toContainText(s.platforms.simulated);
    expect(await seriousViolations(page), 'axe on the media platforms').toEqual([]);

    // A phone: the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/main/newrxlaunch/jrtt/title-library');
    await expect(title).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
