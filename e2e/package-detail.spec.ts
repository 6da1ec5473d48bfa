import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { apkWith, uploadPackageFile } from './support/packages.ts';
import { signIn } from './support/sign-in.ts';

// Release staff open an installation package from the list: its file, checksum, download address
// and the version it ships; an unknown package says so. In Chinese and Arabic, at 1440 and 390 px,
// with no serious axe finding.

const PAGE = '/main/product/product-fe/app-package-configure';

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 300_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`open an installation package's details and the version it ships (${lang})`, async ({ page }) => {
    const s: Strings = localeStrings('appPackages', lang);
    const r: Strings = localeStrings('releases', lang);
    const channel = `detail${lang}${Date.now().toString(36)}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', 'zh', PAGE);
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const fileId = await uploadPackageFile(page, `${channel}.apk`, await apkWith(600, '6.0.0'));
    const pkg = await api<{ id: number; sha256: string }>(page, 'POST', '/app-packages', {
      platform: 'android',
      channel,
      version_name: '6.0.0',
      version_code: 600,
      file_id: fileId,
    });
    await api(page, 'POST', '/app-releases', {
      platform: 'android',
      channel,
      version_name: '6.0.0',
      version_code: 600,
    });

    // From the list, by the row's link.
    await page.goto(`${PAGE}?channel=${channel}`);
    const list = new ListPage(page);
    await expect(list.rows).toHaveCount(1);
    await list.rows
      .first()
      .getByRole('link', { name: s.detail.openOf.replace('{{name}}', `${channel}.apk`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/app-package-configure/detail/${pkg.id}$`));
    const detail = page.getByTestId('package-detail');
    await expect(detail).toContainText(pkg.sha256);
    await expect(detail).toContainText('6.0.0 (600)');
    await expect(detail).toContainText(s.statuses.testing);
    await expect(page.getByTestId('package-version')).toContainText(r.statuses.draft);
    expect(await seriousViolations(page), 'axe on the details').toEqual([]);

    // An unknown package says so.
    await page.goto(`${PAGE}/detail/999999`);
    await expect(page.getByText(s.detail.notFound)).toBeVisible();

    // At phone width the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${PAGE}/detail/${pkg.id}`);
    await expect(page.getByTestId('package-detail')).toContainText(pkg.sha256);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
