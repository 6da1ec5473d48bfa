import { describe, expect, it } from 'vitest';
import { keptOffPage } from './kept-in-view.ts';

const row = (id: number, name = `row ${id}`) => ({ id, name });

describe('rows just created stay in view', () => {
  it('keeps in view a row the page does not hold', () => {
    expect(keptOffPage([row(41), row(40)], [row(1), row(2)]).map((r) => r.id)).toEqual([41, 40]);
  });

  it('leaves a row the page holds to the page (with the page’s values)', () => {
    expect(keptOffPage([row(41), row(2, 'as saved')], [row(1), row(2, 'as listed')])).toEqual([row(41)]);
  });

  it('keeps the rows in view while the page is still loading', () => {
    expect(keptOffPage([row(40)], undefined)).toEqual([row(40)]);
  });

  it('answers one empty list when nothing is kept (a table given it renders nothing new)', () => {
    expect(keptOffPage([], [row(1)])).toBe(keptOffPage([], undefined));
  });
});
