import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, languageBox, openDrawer, rowOf } from './support/ui.ts';

// Release staff add a version (a wrong form first, then a right one), publish it to a share of
// devices, are refused a lower share, halt the rollout and read the publish history; a game server
// asks the version check. In Chinese and Arabic, at 1440 and 390 px, with no serious axe finding.

const PAGE = '/main/product/product-fe/version-manage';

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */

test.describe.configure({ timeout: 300_000 });
// axe-core is injected as a script, which the console's Content Security Policy refuses otherwise.
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`add a version, publish it to a share of devices, halt it and read its history (${lang})`, async ({
    page,
  }) => {
    const s = localeStrings('releases', lang) as Record<string, any>;
    const crud = localeStrings('crud', lang) as Record<string, any>;
    const channel = `e2e-${lang}-${Date.now().toString(36)}`;
    await signIn(page, 'admin', 'zh', PAGE);
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    await page.goto(PAGE);
    await expect(page.locator('.rx-data-table')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A wrong form: a version name that is not one, and a store page that is not a web address.
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    await drawer.locator('#channel').fill(channel);
    await drawer.locator('#version_name').fill('one');
    await drawer.locator('#store_url').fill('javascript:alert(1)');
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expect(drawer.getByRole('alert').filter({ hasText: crud.form.fixErrors })).toBeVisible();

    // Put right.
    await drawer.locator('#version_name').fill('3.1.0');
    await drawer.locator('#version_code').fill('310');
    await drawer.locator('#store_url').fill('https://store.example/app');
    // Each language's box is named by its field too: the update text's and the changelog's
    // Chinese boxes are two names, not two "简体中文".
    await languageBox(drawer, s.updateText, '简体中文', lang).fill('新版本上线');
    await languageBox(drawer, s.changelog, '简体中文', lang).fill('修复登录问题');
    await expect(drawer.getByRole('textbox', { name: '简体中文', exact: true })).toHaveCount(0);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    await page.goto(`${PAGE}?channel=${channel}`);
    const row = rowOf(page, '3.1.0 (310)');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(s.statuses.draft);

    // Publish to 20 % of devices.
    await button(row, s.actions.publish).click();
    let dialog = page.getByRole('dialog');
    await dialog.locator('#publish-percent').fill('20');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(s.statuses.rolling_out);
    expect(await seriousViolations(page)).toEqual([]);

    // A lower share is refused, and says why.
    await button(row, s.actions.publish).click();
    dialog = page.getByRole('dialog');
    await dialog.locator('#publish-percent').fill('10');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog.getByTestId('move-problem')).toContainText('20');
    await dialog.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();

    // The game's version check: an old build on a whitelisted-free device outside or inside the share.
    const key = await newGameKey(page);
    const check = await gameCall<{ update: string; latest: { version_code: number } | null }>(
      page.request,
      key,
      'GET',
      `/api/game/v1/version/check?platform=android&channel=${channel}&version_code=310`,
    );
    expect(check.status).toBe(200);
    expect(check.data.update).toBe('none');

    // Halt: the status says so; the history lists publish then halt.
    await button(row, s.actions.halt).click();
    dialog = page.getByRole('dialog');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(row).toContainText(s.statuses.halted);
    await button(row, s.actions.history).click();
    const history = openDrawer(page);
    await expect(history.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(history.locator('tbody tr.ant-table-row').first()).toContainText(s.publishActions.halt);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // At phone width the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${PAGE}?channel=${channel}`);
    await expect(rowOf(page, '3.1.0 (310)')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    const listed = await api<{ total: number }>(page, 'GET', `/app-releases?channel=${channel}`);
    expect(listed.total).toBe(1);
  });
}
