import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { localeStrings } from './layout.ts';

/**
 * A button's accessible name as a pattern: antd puts a space between two CJK characters of a
 * button's text, and an icon before the text adds its own name.
 */
export function spaced(text: string): RegExp {
  const chars = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|\\s)${chars.join('\\s*')}\\s*$`);
}

/** The button whose text is `text` (see `spaced`). */
export const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: spaced(text) });

/** The drawer open on top (a form drawer, or one opened from another). */
export const openDrawer = (page: Page) => page.locator('.ant-drawer-section:visible').last();

/** The rows of the page's data table that hold `text`. */
export const rowOf = (page: Page, text: string) =>
  page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: text });

/** The first field error of a form. */
export const fieldError = (form: Locator) => form.locator('.ant-form-item-explain-error').first();

/**
 * Types into antd's date or time picker as staff do: a day `YYYY-MM-DD`, a moment
 * `YYYY-MM-DD HH:mm` or a time `HH:mm`, taken with Enter (the picker then closes).
 */
export async function typeInPicker(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}

/** Confirms the open pop-up confirmation. */
export const confirmPopover = (page: Page) =>
  page.locator('.ant-popconfirm:visible .ant-btn-primary').click();

/** The two ways every page is tried: Chinese on a wide screen, Arabic (right to left) on a phone. */
export const CHINESE_WIDE = { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 } as const;
export const ARABIC_PHONE = { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 } as const;

/** The page reads in `dir`, nothing is wider than the screen, and axe finds no serious violation. */
export async function fitsAndPasses(page: Page, dir: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
}

/**
 * The box of one language in a multilingual field, by its accessible name ("更新内容 · 简体中文":
 * the field's label, then the language's own name, as the crud strings of `lang` join them).
 */
export const languageBox = (scope: Page | Locator, field: string, language: string, lang = 'zh') =>
  scope.getByRole('textbox', {
    name: (localeStrings('crud', lang).multilang.fieldLanguage as string)
      .replace('{{field}}', field)
      .replace('{{language}}', language),
    exact: true,
  });

/**
 * Opens the export menu of the list on screen (the shown page's button: lists kept alive in other
 * tabs stay in the page, hidden) and answers its `format` item. A click that lands while the list's
 * toolbar renders again (its rows arriving, on a busy machine) can open nothing: the menu is opened
 * again until its item shows, as staff would click again.
 */
export async function openExportMenu(page: Page, exportButton: string, format = 'CSV'): Promise<Locator> {
  const item = page.getByRole('menuitem', { name: format });
  await expect(async () => {
    if (!(await item.isVisible()))
      await page
        .getByRole('button', { name: exportButton })
        .filter({ visible: true })
        .click({ timeout: 5_000 });
    await expect(item).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  return item;
}

/** Exports the list on screen through its export menu (`openExportMenu`) and answers the download. */
export async function exportList(page: Page, exportButton: string, format = 'CSV'): Promise<Download> {
  const item = await openExportMenu(page, exportButton, format);
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), item.click()]);
  return download;
}

/** The header's global search dialog (Ctrl+K). */
export const searchDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.locator('.rx-global-search-input') });

/** Opens the global search with its shortcut (the dialog loads on first use) and types `text`. */
export async function globalSearch(page: Page, text: string) {
  // Pressed again until the header's actions listen (they load beside the page) and the dialog,
  // loaded on first use, shows: on a busy machine both can take a while.
  await expect(async () => {
    await page.keyboard.press('ControlOrMeta+k');
    await expect(searchDialog(page)).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 90_000 });
  await searchDialog(page).getByRole('combobox').fill(text);
}
