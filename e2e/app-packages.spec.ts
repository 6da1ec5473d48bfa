import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { APK, apkWith, uploadPackageFile as uploadFile, zipWith } from './support/packages.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer, rowOf } from './support/ui.ts';

// Release staff upload installation packages: a file that is not what its name says is refused
// with the reason, a real APK is kept with its SHA-256 and size; the list pages, sorts and filters;
// a game asking the version check gets the released package's address, which serves the file.
// In Chinese and Arabic, at 1440 and 390 px, with no serious axe finding.

const PAGE = '/main/product/product-fe/app-package-configure';

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 300_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`upload an installation package, refuse a false one, page, sort and filter the list (${lang})`, async ({
    page,
  }) => {
    const s: Strings = localeStrings('appPackages', lang);
    const crud: Strings = localeStrings('crud', lang);
    const channel = `e2e-${lang}-${Date.now().toString(36)}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', 'zh', PAGE);
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    await page.goto(`${PAGE}?channel=${channel}`);
    await expect(page.locator('.rx-data-table')).toBeVisible();
    expect(await seriousViolations(page), 'axe on the empty list').toEqual([]);

    // A wrong form: nothing filled, then a file named .apk that holds no Android manifest.
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    const fileInput = drawer.locator('.rx-file-upload input[type=file]');
    await expect(fileInput).toBeAttached({ timeout: 30_000 });
    await drawer.locator('#channel').fill(channel);
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await fileInput.setInputFiles({
      name: 'fake.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: zipWith('readme.txt'),
    });
    const address = drawer
      .locator('.rx-file-upload input[type=text], .rx-file-upload input:not([type])')
      .first();
    await expect(address).toHaveValue(/^\/api\/v1\/files\/[\w-]{22}$/, { timeout: 30_000 });
    await button(drawer, crud.action.save).click();
    await expect(
      drawer.locator('.ant-form-item-explain-error').filter({ hasText: 'AndroidManifest.xml' }),
    ).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);

    // Put right: a real APK (its own new address replaces the refused one) fills the form from
    // its manifest: version, build number, and what it says of itself.
    const refused = await address.inputValue();
    await fileInput.setInputFiles({
      name: 'game-2.0.0.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: APK(),
    });
    await expect(address).not.toHaveValue(refused, { timeout: 30_000 });
    await expect(address).toHaveValue(/^\/api\/v1\/files\/[\w-]{22}$/);
    await expect(drawer.locator('#version_name')).toHaveValue('2.0.0', { timeout: 30_000 });
    await expect(drawer.locator('#version_code')).toHaveValue('200');
    await expect(drawer.getByTestId('package-manifest')).toContainText('com.ruixue.xianxia');
    // A build number typed against the package: warned at once, refused by the server.
    await drawer.locator('#version_code').fill('199');
    const warning = drawer.getByTestId('differs-version_code');
    await expect(warning).toContainText('200');
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').filter({ hasText: '200' })).toBeVisible();
    expect(await seriousViolations(page), 'axe on the disagreeing form').toEqual([]);
    await drawer.locator('#version_code').fill('200');
    await expect(warning).toBeHidden();
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    const created = rowOf(page, '2.0.0 (200)');
    await expect(created).toHaveCount(1);
    await expect(created).toContainText('game-2.0.0.apk');
    await expect(created).toContainText(s.statuses.testing);

    // Ten more through the API: the list pages (10 a page), sorts and filters.
    for (let i = 1; i <= 10; i++) {
      const fileId = await uploadFile(page, `build-${i}.apk`, await apkWith(200 + i, `2.0.${i}`));
      await api(page, 'POST', '/app-packages', {
        platform: 'android',
        channel,
        version_name: `2.0.${i}`,
        version_code: 200 + i,
        file_id: fileId,
      });
    }
    await page.goto(`${PAGE}?channel=${channel}`);
    const list = new ListPage(page);
    await expect(list.rows).toHaveCount(10);
    // The default order is the newest build first.
    await expect(list.rows.first()).toContainText('2.0.10 (210)');
    await list.clickPage(2);
    await list.expectQuery('page', '2');
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText('2.0.0 (200)');
    // Sorted by build number, lowest first.
    await page.goto(`${PAGE}?channel=${channel}&sort=version_code`);
    await expect(list.rows.first()).toContainText('2.0.0 (200)');
    // Filtered: another channel has none of them; released ones only.
    await page.goto(`${PAGE}?channel=${channel}-none`);
    await expect(list.rows).toHaveCount(0);

    // Release the first one: the game's version check names it once its version is published.
    await page.goto(`${PAGE}?channel=${channel}&sort=version_code`);
    await button(list.rows.first(), crud.action.edit).click();
    const edit = openDrawer(page);
    await edit.locator('#status').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: s.statuses.released })
      .click();
    await button(edit, crud.action.save).click();
    await expect(edit).toBeHidden();
    await page.goto(`${PAGE}?channel=${channel}&status=released`);
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText(s.statuses.released);
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // The file is served to players at its address.
    const href = await list.rows.first().locator('a[download]').getAttribute('href');
    expect(href).toMatch(/^\/downloads\/[\w-]{22}$/);
    const served = await page.request.get(href!);
    expect(served.status()).toBe(200);
    expect(Buffer.from(await served.body()).equals(APK())).toBe(true);

    // At phone width the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${PAGE}?channel=${channel}`);
    await expect(list.rows).toHaveCount(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
