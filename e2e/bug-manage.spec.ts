import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// A tester reports a bug; it is resolved (a duplicate without its original is refused first),
// reopened (counted), commented on, and opened from the bell's link. In Chinese and Arabic, at 1440
// and 390 px, with no serious axe finding.

const PAGE = '/main/product/product-fe/bug-manage';

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 300_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`report a bug, resolve, reopen and comment on it (${lang})`, async ({ page }) => {
    const s: Strings = localeStrings('bugs', lang);
    const crud: Strings = localeStrings('crud', lang);
    const tag = `e2e${lang}${Date.now().toString(36)}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', 'zh', PAGE);
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    await page.goto(`${PAGE}?q=${tag}`);
    await expect(page.locator('.rx-data-table')).toBeVisible();
    expect(await seriousViolations(page), 'axe on the empty list').toEqual([]);

    // Wrong: no title; then right.
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await drawer.locator('#title').fill(`Crash on start ${tag}`);
    await drawer.locator('#steps').fill('1. Open the app\n2. Wait');
    expect(await seriousViolations(page), 'axe on the form').toEqual([]);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    const list = new ListPage(page);
    await expect(list.rows).toHaveCount(1);
    const row = list.rows.first();
    await expect(row).toContainText(s.statuses.active);
    const id = Number(await row.getAttribute('data-row-key'));

    // Resolve as a duplicate without its original: refused with the reason; then as fixed.
    await row.getByRole('button', { name: s.actionOf.resolve.replace('{{id}}', String(id)) }).click();
    let dialog = page.getByRole('dialog').filter({ has: page.locator('#bugMove_note') });
    await dialog.locator('#bugMove_resolution').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: s.resolutions.duplicate })
      .click();
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog.getByTestId('bug-move-problem')).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused move').toEqual([]);
    await dialog.locator('#bugMove_resolution').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: s.resolutions.fixed })
      .click();
    await dialog.locator('#bugMove_note').fill('Patched in the next build');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(`${s.statuses.resolved} · ${s.resolutions.fixed}`);

    // Reopen: active again, counted.
    await row.getByRole('button', { name: s.actionOf.reopen.replace('{{id}}', String(id)) }).click();
    dialog = page.getByRole('dialog').filter({ has: page.locator('#bugMove_note') });
    await expect(dialog).toContainText(s.reopenHint);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(s.statuses.active);
    expect((await api<{ reopen_count: number }>(page, 'GET', `/bugs/${id}`)).reopen_count).toBe(1);

    // The bell's link opens the bug: its thread holds both moves; a comment is added.
    await page.goto(`${PAGE}?q=${tag}&bug=${id}`);
    const detail = openDrawer(page);
    await expect(detail.getByTestId('bug-detail')).toBeVisible();
    const thread = detail.getByTestId('bug-thread');
    await expect(thread).toContainText('Patched in the next build');
    await expect(thread).toContainText(s.actions.reopen);
    await detail.getByRole('textbox', { name: s.comment }).fill(`Still seen ${tag}`);
    await button(detail, s.send).click();
    await expect(thread).toContainText(`Still seen ${tag}`);
    expect(await seriousViolations(page), 'axe on the bug').toEqual([]);
    await page.keyboard.press('Escape');

    // At phone width the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${PAGE}?q=${tag}`);
    await expect(list.rows).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
