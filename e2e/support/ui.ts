import type { Locator, Page } from '@playwright/test';

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
