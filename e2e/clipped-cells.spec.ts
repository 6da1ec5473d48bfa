import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in.ts';

// Issue 27, defect 11 ("clipped headers and values"): on dense list pages, at 1440 and at 390 px,
// no header or value cell is cut off without saying so. Text that does not fit ends in an ellipsis
// and shows whole on hover (OverflowTip: `.rx-overflow-tip`, or an element with a title); nothing
// spills out of its cell over its neighbour.

const PAGES = [
  '/main/useraccount/userManage',
  '/main/operation/ckdey-config',
  '/main/tooloperate/tooloperate-fe/base/mail-manage',
  '/main/useraccount/refund',
  '/main/useraccount/account-operation-log',
];

interface Clipped {
  cell: string;
  text: string;
  how: string;
}

/** Every visible table header and value cell whose text is cut or spills without an ellipsis tip. */
async function clippedCells(page: Page): Promise<{ cells: number; clipped: Clipped[] }> {
  return page.evaluate(() => {
    const clipped: { cell: string; text: string; how: string }[] = [];
    const cells = [
      ...document.querySelectorAll<HTMLElement>('.ant-table thead th, .ant-table tbody td'),
    ].filter(
      (cell) =>
        cell.offsetParent !== null &&
        !cell.closest('.ant-table-measure-row, .ant-table-placeholder') &&
        !cell.classList.contains('ant-table-selection-column') &&
        !cell.classList.contains('ant-table-cell-scrollbar') &&
        (cell.textContent ?? '').trim() !== '',
    );
    const tipped = (el: Element) => el.closest('.rx-overflow-tip') !== null || el.closest('[title]') !== null;
    for (const cell of cells) {
      const name = cell.tagName.toLowerCase();
      const text = (cell.textContent ?? '').trim().slice(0, 60);
      for (const el of [cell, ...cell.querySelectorAll<HTMLElement>('*')]) {
        if (el.clientWidth === 0) continue;
        const style = getComputedStyle(el);
        const cuts = style.overflowX === 'hidden' || style.overflowX === 'clip';
        if (!cuts || el.scrollWidth <= el.clientWidth + 1) continue;
        if (style.textOverflow === 'ellipsis' && tipped(el)) continue;
        // An ellipsis on antd's own cell, whose content is an ellipsis tip that is itself cut.
        if (
          el === cell &&
          [...cell.querySelectorAll('.rx-overflow-tip')].some((tip) => tip.scrollWidth > tip.clientWidth)
        )
          continue;
        clipped.push({ cell: name, text, how: `${el.className || el.tagName} cut without a tip` });
        break;
      }
      // Content spilling over the cell's edge (nothing cuts it): it overlaps the next column.
      const box = cell.getBoundingClientRect();
      for (const el of cell.querySelectorAll<HTMLElement>('*')) {
        const r = el.getBoundingClientRect();
        if (
          r.width > 0 &&
          (r.right > box.right + 1 || r.left < box.left - 1) &&
          getComputedStyle(el).position !== 'absolute'
        ) {
          const hidden = el.closest('.rx-overflow-tip, .ant-table-cell-ellipsis');
          if (hidden && hidden !== el && getComputedStyle(hidden).overflowX !== 'visible') continue;
          clipped.push({ cell: name, text, how: `${el.className || el.tagName} spills out of its cell` });
          break;
        }
      }
    }
    return { cells: cells.length, clipped };
  });
}

test.describe.configure({ timeout: 180_000 });

for (const width of [1440, 390]) {
  test(`dense lists cut no header or value without an ellipsis and its tip at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signIn(page, 'admin', 'zh');
    const found: Record<string, Clipped[]> = {};
    let seen = 0;
    for (const path of PAGES) {
      await page.goto(path);
      // Rows, or the empty text where the demo has none yet (headers are checked either way).
      await expect(
        page.locator('.ant-table tbody tr.ant-table-row, .ant-table-tbody .ant-table-placeholder').first(),
      ).toBeVisible({ timeout: 30_000 });
      // Fonts and column widths settled.
      await page.evaluate(() => document.fonts.ready);
      const { cells, clipped } = await clippedCells(page);
      seen += cells;
      if (clipped.length) found[path] = clipped;
    }
    expect(seen).toBeGreaterThan(0);
    expect(found).toEqual({});
  });
}
