import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';

/** The release list's rows: the versions' audit below it is a shared table of its own. */
class ReleaseList extends ListPage {
  override get rows() {
    return this.page.locator(
      '.rx-data-table:not([data-testid="version-audit"] *) tbody tr.ant-table-row:not(.ant-table-expanded-row *)',
    );
  }
}

// The release log: versions published, halted and published again show who did what and when;
// the log pages, sorts and filters. In Chinese and Arabic, at 1440 and 390 px, with axe.

const PAGE = '/main/product/product-fe/versions-log';

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 300_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`the release log lists who released what, paged, sorted and filtered (${lang})`, async ({ page }) => {
    const s: Strings = localeStrings('releases', lang);
    const channel = `log-${lang}-${Date.now().toString(36)}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', 'zh', PAGE);
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    // Eleven entries: five versions, each published twice (10 % then 100 %), the last halted.
    type Release = { id: number; version: number };
    let last: Release | null = null;
    for (let i = 1; i <= 5; i++) {
      const release: Release = await api(page, 'POST', '/app-releases', {
        platform: 'pc',
        channel,
        version_name: `5.${i}.0`,
        version_code: 500 + i,
        // The last version's changelog, in Chinese and Arabic.
        ...(i === 5 ? { changelog: { zh: '修复商店', ar: 'إصلاح المتجر' } } : {}),
      });
      await api(page, 'POST', `/app-releases/${release.id}/publish`, { version: 1, percent: 10 });
      await api(page, 'POST', `/app-releases/${release.id}/publish`, { version: 2, percent: 100 });
      last = { id: release.id, version: 3 };
    }
    await api(page, 'POST', `/app-releases/${last!.id}/halt`, { version: last!.version, note: 'e2e halt' });

    await page.goto(`${PAGE}?channel=${channel}`);
    const list = new ReleaseList(page);
    await expect(list.rows).toHaveCount(10);
    // Adoption per version from the players' sign-ins: a chart (its numbers as a table), or none said.
    const adoption = page.getByTestId('adoption');
    await expect(adoption).toContainText(s.adoption.title);
    await adoption.getByText(s.adoption.days.replace('{{n}}', '30')).click();
    await expect(adoption.locator('figure.rx-chart, .ant-empty').first()).toBeVisible();
    // Newest first: the halt, live.
    await expect(list.rows.first()).toContainText(s.publishActions.halt);
    await expect(list.rows.first()).toContainText(s.live);
    await expect(list.rows.first()).toContainText('admin');
    // The version's changelog in the page's language.
    await expect(list.rows.first()).toContainText(lang === 'zh' ? '修复商店' : 'إصلاح المتجر');
    // The audit of the versions: searched by the channel, the halt first, by admin, what it changed.
    const audit = page.getByTestId('version-audit');
    await audit.getByLabel(s.audit.search).fill(channel);
    await audit.getByLabel(s.audit.search).press('Enter');
    const entries = audit.locator('tbody tr.ant-table-row');
    await expect(entries).toHaveCount(10);
    await expect(entries.first()).toContainText(s.audit.actions.halt);
    await expect(entries.first()).toContainText('admin');
    await expect(entries.first()).toContainText('halted');
    await expect(entries.last()).toContainText(s.audit.actions.create);
    await list.clickPage(2);
    await list.expectQuery('page', '2');
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText('5.1.0 (501)');
    expect(await seriousViolations(page), 'axe on the log').toEqual([]);

    // Sorted by build number, lowest first; filtered to halts.
    await page.goto(`${PAGE}?channel=${channel}&sort=version_code`);
    await expect(list.rows.first()).toContainText('5.1.0 (501)');
    await page.goto(`${PAGE}?channel=${channel}&action=halt`);
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText('e2e halt');

    // At phone width the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${PAGE}?channel=${channel}`);
    await expect(list.rows).toHaveCount(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
