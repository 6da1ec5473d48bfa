import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Documents (a page going offline): staff write a document in rich text with a category and an
// attachment (a form without a title is refused), edit it, read its two versions, and find it by a
// word of its text; in Chinese and Arabic, at 1440 and 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`write a document, edit it, read its versions, find it by a word (${lang})`, async ({ page }) => {
    const s: Strings = localeStrings('documents', lang);
    const crud: Strings = localeStrings('crud', lang);
    const menu: Strings = localeStrings('menu', lang);
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const id = `${lang}${Date.now().toString(36)}`;
    const title = `Runbook ${id}`;
    const category = `Ops ${id}`;

    await page.goto('/main/offline/documents');
    await expect(page.getByTestId('going-offline')).toHaveText(menu['tip.goingOffline']);
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expect(drawer).toBeVisible();

    await drawer.locator('#document-title').fill(title);
    await drawer.locator('#document-category').fill(category);
    const editor = drawer.locator('[contenteditable]');
    await editor.click();
    await editor.pressSequentially(`Call the bank word${id}`);
    await button(drawer, s.addAttachment).click();
    await drawer.getByLabel(s.attachmentName.replace('{{n}}', '1')).fill('Contacts');
    await drawer
      .getByLabel(s.attachmentUrl.replace('{{n}}', '1'))
      .fill('https://intranet.example.com/contacts.pdf');
    expect(await seriousViolations(page), 'axe on the form').toEqual([]);
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden({ timeout: 60_000 });

    const list = new ListPage(page);
    await page.goto(`/main/offline/documents?q=word${id}`);
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText(title);
    await expect(list.rows.first()).toContainText(category);
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // An edit makes version 2; both versions read as saved.
    await button(list.rows.first(), crud.action.edit).click();
    const edit = openDrawer(page);
    await edit.locator('#document-title').fill(`${title} v2`);
    await button(edit, crud.action.save).click();
    await expect(edit).toBeHidden({ timeout: 60_000 });
    await expect(list.rows.first()).toContainText(s.revision.replace('{{n}}', '2'));
    await button(list.rows.first(), s.versions).click();
    const versions = openDrawer(page);
    await expect(versions.getByTestId('document-versions').locator('.ant-collapse-item')).toHaveCount(2);
    await expect(versions.getByTestId('document-versions')).toContainText(`word${id}`);
    await expect(versions.getByRole('link', { name: 'Contacts' })).toHaveAttribute(
      'href',
      'https://intranet.example.com/contacts.pdf',
    );
    expect(await seriousViolations(page), 'axe on the versions').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(versions).toBeHidden();

    // By category; and paged: eleven more in it.
    for (let i = 0; i < 11; i++)
      await api(page, 'POST', '/documents', { title: `${title}-${String(i).padStart(2, '0')}`, category });
    await page.goto(
      `/main/offline/documents?category=${encodeURIComponent(category)}&page_size=10&sort=title`,
    );
    await expect(list.rows).toHaveCount(10, { timeout: 60_000 });

    // A phone: the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/main/offline/documents?q=word${id}`);
    await expect(list.rows).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
}
