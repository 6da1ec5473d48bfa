import { expect, type Locator, type Page } from '@playwright/test';

/** A list page's table and pager, as staff use them (rows, page buttons, page size, go-to box). */
export class ListPage {
  constructor(readonly page: Page) {}

  /** The list's rows, not those of a table opened inside an expanded row. */
  get rows(): Locator {
    return this.page.locator('.rx-data-table tbody tr.ant-table-row:not(.ant-table-expanded-row *)');
  }

  get pager(): Locator {
    return this.page.locator('.rx-data-table .ant-pagination').first();
  }

  /** The first data cell's text of every row (after the selection box): tells two pages apart. */
  /** The rows on screen, by their keys (the row ids): which rows, whatever the columns show first. */
  async rowKeys(): Promise<string[]> {
    await expect(this.rows.first()).toBeVisible();
    return this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key') ?? ''));
  }

  query(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }

  async clickPage(n: number): Promise<void> {
    await this.pager.locator(`.ant-pagination-item-${n}`).click();
  }

  async next(): Promise<void> {
    await this.pager.locator('.ant-pagination-next').click();
  }

  async pageSize(size: number): Promise<void> {
    await this.pager.locator('.ant-pagination-options .ant-select').click();
    await this.page
      .locator(
        `.ant-select-dropdown:visible [title="${size} / page"], .ant-select-dropdown:visible .ant-select-item-option`,
      )
      .filter({ hasText: String(size) })
      .first()
      .click();
  }

  async jumpTo(n: number): Promise<void> {
    const box = this.pager.locator('.ant-pagination-options-quick-jumper input');
    await box.fill(String(n));
    await box.press('Enter');
  }

  /** Waits until the address holds `key=value` (or lacks `key` when value is null). */
  async expectQuery(key: string, value: string | null): Promise<void> {
    await expect.poll(() => this.query().get(key)).toBe(value);
  }
}
