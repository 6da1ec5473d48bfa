import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button } from './support/ui.ts';

// Media cost upload (overseas): a file with a wrong row is previewed with its problem and cannot be
// committed; a right file is previewed, committed as a batch and listed; the batch rolled back, its
// rows are gone. As ops_hw in Chinese and Arabic, at 1440 and 390 px, with no serious axe finding.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000, mode: 'serial' });
test.use({ bypassCSP: true });

const HEADER = 'day,media,account_id,campaign,cost,currency,impressions,clicks';
const file = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...lines].join('\n')),
});

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`media costs: preview, commit, roll back (${lang})`, async ({ page }) => {
    const s: Strings = localeStrings('adCosts', lang);
    const menu: Strings = localeStrings('menu', lang);
    await signIn(page, 'ops_hw');
    await switchLanguage(page, name, html, dir);
    const account = `act_${lang}_${Date.now().toString(36)}`;

    await page.goto('/main/newrxlaunch/expend-report');
    await expect(page.getByRole('heading', { name: menu['page.expendReport'] })).toBeVisible();

    // A wrong file: the preview names the row and column, and it cannot be committed.
    await page
      .getByTestId('ad-costs-file')
      .setInputFiles(
        file('wrong.csv', [
          `2031-05-01,facebook,${account},,12.5,USD,,`,
          `2031-05-32,facebook,${account},,3,USD,,`,
        ]),
      );
    const dialog = page.getByRole('dialog');
    const errors = dialog.getByTestId('ad-costs-errors');
    await expect(errors).toContainText('day');
    await expect(errors.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(button(dialog, s.commit)).toBeDisabled();
    expect(await seriousViolations(page), 'axe on the refused preview').toEqual([]);
    await dialog.locator('.ant-modal-close').click();
    await expect(dialog).toBeHidden();

    // A right file: previewed, committed, listed.
    await page
      .getByTestId('ad-costs-file')
      .setInputFiles(
        file('may.csv', [
          `2031-05-01,facebook,${account},Spring,12.5,USD,100,4`,
          `2031-05-02,google,${account},,7,USD,,`,
        ]),
      );
    await expect(dialog.locator('.ant-descriptions')).toContainText('2');
    await button(dialog, s.commit).click();
    await expect(dialog).toBeHidden();
    await page.goto(`/main/newrxlaunch/expend-report?q=${account}`);
    const rows = page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: account });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'facebook' })).toContainText('12.50');
    const batch = page
      .getByTestId('ad-cost-batches')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: 'may.csv' })
      .first();
    await expect(batch).toContainText(s.statuses.active);
    expect(await seriousViolations(page), 'axe on the costs').toEqual([]);

    // Rolled back: the batch says so and its rows no longer count.
    await button(batch, s.rollback).click();
    const confirm = page.getByRole('dialog').filter({ hasText: s.rollbackHelp });
    await button(confirm, s.rollback).click();
    await expect(batch).toContainText(s.statuses.rolled_back);
    await expect(rows).toHaveCount(0);

    // A phone: the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('heading', { name: menu['page.expendReport'] })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
