import { describe, expect, it } from 'vitest';
import { apiQuery, listSearch, parseListParams } from './list-params.ts';

describe('list params in the address', () => {
  it('reads paging, sort and only the known filters, with safe defaults', () => {
    const params = parseListParams(
      new URLSearchParams('page=3&page_size=20&sort=-name&type=currency&x=1&q='),
      ['type', 'q'],
    );
    expect(params).toEqual({ page: 3, page_size: 20, sort: '-name', filters: { type: 'currency' } });
    expect(parseListParams(new URLSearchParams('page=-1&page_size=999'), [])).toEqual({
      page: 1,
      page_size: 10,
      sort: undefined,
      filters: {},
    });
  });

  it('writes back only what differs from the defaults, keeping unrelated params', () => {
    const search = listSearch(
      { page: 1, page_size: 10, sort: 'code', filters: { status: 'active', q: '' } },
      new URLSearchParams('tab=2&page=4'),
    );
    expect(search.toString()).toBe('tab=2&sort=code&status=active');
  });

  it('round-trips', () => {
    const params = { page: 2, page_size: 50, sort: '-id', filters: { q: '金币', type: 'currency' } };
    expect(parseListParams(listSearch(params), ['q', 'type'])).toEqual(params);
    expect(apiQuery(params)).toEqual({ page: 2, page_size: 50, sort: '-id', q: '金币', type: 'currency' });
  });
});
