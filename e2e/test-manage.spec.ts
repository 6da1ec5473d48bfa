import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// A tester plans the tests of a version: a plan on the version, two cases, one run passes, one
// fails and opens a bug for an assignee; the plan's progress says so; a test account is added. In
// Chinese and Arabic, at 1440 and 390 px, with no serious axe finding.

const PAGE = '/main/product/product-fe/test-manage';

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

const chooseOption = async (page: Page, text: string) =>
  page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();

test.describe.configure({ timeout: 300_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`plan the tests of a version, run its cases, a failure opens a bug; add a test account (${lang})`, async ({
    page,
  }) => {
    const s: Strings = localeStrings('testing', lang);
    const crud: Strings = localeStrings('crud', lang);
    const tag = `e2e${lang}${Date.now().toString(36)}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', 'zh', PAGE);
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    await api(page, 'POST', '/app-releases', {
      platform: 'android',
      channel: tag,
      version_name: '4.2.0',
      version_code: 420,
      note: tag,
    });
    await page.goto(`${PAGE}?q=${tag}`);
    await expect(page.locator('.rx-data-table')).toBeVisible();
    expect(await seriousViolations(page), 'axe on the empty list').toEqual([]);

    // Wrong: a plan without its version is refused; then right.
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    await drawer.locator('#name').fill(`Smoke ${tag}`);
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await drawer.locator('#release_id').click();
    await drawer.locator('#release_id').fill(tag);
    await chooseOption(page, '4.2.0 (420)');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    const list = new ListPage(page);
    await expect(list.rows).toHaveCount(1);
    const row = list.rows.first();
    await expect(row).toContainText('4.2.0 (420)');

    // Two cases, in the plan's drawer.
    await button(row, s.openCases).click();
    const cases = openDrawer(page);
    for (const title of [`Buy ${tag}`, `Chat ${tag}`]) {
      await button(cases, s.addCase).click();
      const dialog = page.getByRole('dialog').filter({ has: page.locator('#case_title') });
      await dialog.locator('#case_title').fill(title);
      await dialog.locator('#case_steps').fill('1. Open the shop\n2. Buy a pack');
      await dialog.locator('#case_expected').fill('The pack arrives');
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect(dialog).toBeHidden();
    }
    const caseRows = cases.locator('[data-testid="test-cases"] tbody tr.ant-table-row');
    await expect(caseRows).toHaveCount(2);
    expect(await seriousViolations(page), 'axe on the cases').toEqual([]);

    // The first passes; the second fails and opens a bug for an assignee.
    await cases.getByRole('button', { name: s.runAs.pass.replace('{{title}}', `Buy ${tag}`) }).click();
    let run = page.getByRole('dialog').filter({ has: page.locator('#run_note') });
    await run.locator('#run_note').fill('Fine on Pixel 8');
    await run.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(run).toBeHidden();
    await expect(caseRows.first()).toContainText(s.results.pass);
    await cases.getByRole('button', { name: s.runAs.fail.replace('{{title}}', `Chat ${tag}`) }).click();
    run = page.getByRole('dialog').filter({ has: page.locator('#run_note') });
    await expect(run).toContainText(s.failOpensBug);
    await run.locator('#run_note').fill('The chat never opens');
    await run.locator('#run_assignee_id').click();
    await chooseOption(page, 'ops_gn');
    expect(await seriousViolations(page), 'axe on the failing run').toEqual([]);
    await run.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(run).toBeHidden();
    await expect(caseRows.nth(1)).toContainText(s.results.fail);
    await cases.locator('.ant-drawer-close').click();
    await expect(cases).toBeHidden();

    // The plan's progress: one passed, one failed; the bug is on the bug page, assigned.
    await expect(page.getByTestId(/^plan-progress-/)).toContainText(`${s.results.pass} 1`);
    await expect(page.getByTestId(/^plan-progress-/)).toContainText(`${s.results.fail} 1`);
    const bugs = await api<{ list: { title: string; assignee: string; run_id: number | null }[] }>(
      page,
      'GET',
      `/bugs?q=Chat%20${tag}`,
    );
    expect(bugs.list).toHaveLength(1);
    expect(bugs.list[0]).toMatchObject({ assignee: 'ops_gn' });
    expect(bugs.list[0]!.run_id).toBeTruthy();

    // A test account, on its tab.
    await page.getByRole('tab', { name: s.tabs.accounts }).click();
    // The accounts pane's own "new": the address changes before the panes do, and a click on the
    // plans pane's "new" while it is going opened a drawer that went with it.
    await expect(page).toHaveURL(/[?&]tab=accounts/);
    const accounts = page.getByRole('tabpanel', { name: s.tabs.accounts });
    await button(accounts, crud.action.create).click();
    const accountForm = openDrawer(page);
    await accountForm.locator('#value').fill(`qa-${tag}`);
    await button(accountForm, crud.action.save).click();
    await expect(accountForm).toBeHidden();
    await page.goto(`${PAGE}?tab=accounts&q=qa-${tag}`);
    await expect(list.rows).toHaveCount(1);
    expect(await seriousViolations(page), 'axe on the accounts').toEqual([]);

    // At phone width the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${PAGE}?q=${tag}`);
    await expect(list.rows).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
