import { expect, test, type Page } from '@playwright/test';
import { VALIDATION_MESSAGES } from '../packages/contracts/src/validation.ts';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Release staff add a typed version field: a JSON default outside its schema is refused with the
// reason, a right one is kept; the list pages, sorts and filters; the version form then offers the
// field. In Chinese and Arabic, at 1440 and 390 px, with no serious axe finding.

const PAGE = '/main/product/product-fe/version-field-config';

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
  test(`add a JSON version field, refuse a default outside its schema, page, sort and filter (${lang})`, async ({
    page,
  }) => {
    const s: Strings = localeStrings('versionFields', lang);
    const crud: Strings = localeStrings('crud', lang);
    const tag = `e2e_${lang}_${Date.now().toString(36)}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', 'zh', PAGE);
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    await page.goto(`${PAGE}?q=${tag}`);
    await expect(page.locator('.rx-data-table')).toBeVisible();
    expect(await seriousViolations(page), 'axe on the empty list').toEqual([]);

    // Wrong: a key that is not one, then a JSON default outside its schema.
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    await drawer.locator('#key').fill('Bad Key');
    await drawer.locator('#name').fill(`Limits ${tag}`);
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await drawer.locator('#key').fill(`${tag}_limits`);
    await drawer.locator('#type').click();
    await chooseOption(page, s.types.json);
    await drawer
      .locator('#json_schema')
      .fill('{"type":"object","properties":{"daily":{"type":"integer","minimum":1}},"required":["daily"]}');
    await drawer.locator('#default_value').fill('{"daily":0}');
    await button(drawer, crud.action.save).click();
    await expect(
      drawer
        .locator('.ant-form-item-explain-error')
        .filter({ hasText: VALIDATION_MESSAGES.not_matching_schema[lang] }),
    ).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);

    // Right.
    await drawer.locator('#default_value').fill('{"daily":3}');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();

    // Eleven more through the API: the list pages, sorts and filters.
    for (let i = 1; i <= 11; i++)
      await api(page, 'POST', '/version-fields', {
        key: `${tag}_n${String(i).padStart(2, '0')}`,
        name: `Number ${i}`,
        type: 'number',
        default_value: i,
      });
    const list = new ListPage(page);
    await page.goto(`${PAGE}?q=${tag}`);
    await expect(list.rows).toHaveCount(10);
    await expect(list.rows.first()).toContainText(`${tag}_limits`);
    await list.clickPage(2);
    await list.expectQuery('page', '2');
    await expect(list.rows).toHaveCount(2);
    await page.goto(`${PAGE}?q=${tag}&sort=-key`);
    await expect(list.rows.first()).toContainText(`${tag}_n11`);
    await page.goto(`${PAGE}?q=${tag}&type=json`);
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText('{"daily":3}');
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // The version form offers the field (empty: its default is published).
    await page.goto('/main/product/product-fe/version-manage');
    await button(page, crud.action.create).click();
    const form = openDrawer(page);
    await expect(form.getByText(`Limits ${tag} (${tag}_limits)`)).toBeVisible();
    await page.keyboard.press('Escape');

    // At phone width the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${PAGE}?q=${tag}`);
    await expect(list.rows).toHaveCount(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
