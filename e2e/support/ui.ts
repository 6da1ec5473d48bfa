import { expect, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';

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
