import { describe, expect, it } from 'vitest';
import { pagerLayoutProps, placeMenu, stepScroll, UI_DEFAULTS } from './defaults.ts';

describe('UI defaults (spec §9)', () => {
  it('holds the table, pager, modal and context-menu constants', () => {
    expect(UI_DEFAULTS.table).toMatchObject({
      showHeader: true,
      bordered: true,
      align: 'center',
      size: 'middle',
    });
    expect(UI_DEFAULTS.pager).toMatchObject({ pageSize: 10, pageSizes: [10, 20, 50], pagerCount: 7 });
    expect(UI_DEFAULTS.modal).toMatchObject({ minWidth: 500, minHeight: 400, mask: true, zIndex: 9999 });
    expect(UI_DEFAULTS.contextMenu).toEqual({
      minWidth: 100,
      maxWidth: 600,
      zIndex: 100,
      submenuCloseDelayMs: 200,
      scrollStepPx: 50,
    });
  });

  it('turns the full pager layout into antd props with 7 page buttons', () => {
    expect(pagerLayoutProps()).toEqual({
      showTotal: true,
      showPrevNextJumpers: true,
      showSizeChanger: true,
      showQuickJumper: true,
      showLessItems: false,
      simple: false,
    });
    expect(pagerLayoutProps(['prev', 'next'], 5)).toEqual({
      showTotal: false,
      showPrevNextJumpers: false,
      showSizeChanger: false,
      showQuickJumper: false,
      showLessItems: true,
      simple: true,
    });
  });

  it('scrolls a tall menu by 50 px per wheel notch, within its range', () => {
    expect(stepScroll(0, 120, 300)).toBe(50);
    expect(stepScroll(50, 3, 300)).toBe(100);
    expect(stepScroll(280, 100, 300)).toBe(300);
    expect(stepScroll(30, -100, 300)).toBe(0);
    expect(stepScroll(0, 100, 0)).toBe(0);
    expect(stepScroll(40, 0, 300)).toBe(40);
  });

  it('opens a menu at the pointer, on the reading side, moved back inside the window', () => {
    const viewport = { width: 1000, height: 800 };
    expect(placeMenu({ x: 10, y: 20 }, { width: 150, height: 200 }, viewport)).toEqual({ left: 10, top: 20 });
    expect(placeMenu({ x: 950, y: 700 }, { width: 150, height: 200 }, viewport)).toEqual({
      left: 850,
      top: 600,
    });
    expect(placeMenu({ x: 5, y: 5 }, { width: 1200, height: 900 }, viewport)).toEqual({ left: 0, top: 0 });
    // Right to left: the menu extends left of the pointer, or right when there is no room.
    expect(placeMenu({ x: 500, y: 20 }, { width: 150, height: 200 }, viewport, true)).toEqual({
      left: 350,
      top: 20,
    });
    expect(placeMenu({ x: 100, y: 20 }, { width: 150, height: 200 }, viewport, true)).toEqual({
      left: 100,
      top: 20,
    });
  });
});
