import { describe, expect, it } from 'vitest';
import { parseListParams } from './list-params.ts';
import { withDefaultSort } from './use-resource.ts';

describe('the default sort of a resource list', () => {
  it('sorts by the default when the address names no sort', () => {
    const params = parseListParams(new URLSearchParams('page=2&status=active'), ['status']);
    expect(withDefaultSort(params, '-id')).toEqual({
      page: 2,
      page_size: 10,
      sort: '-id',
      filters: { status: 'active' },
    });
  });

  it('lets the address sort win over the default', () => {
    const params = parseListParams(new URLSearchParams('sort=name'), []);
    expect(withDefaultSort(params, '-id').sort).toBe('name');
  });

  it('leaves the params alone without a default', () => {
    const params = parseListParams(new URLSearchParams(''), []);
    expect(withDefaultSort(params, undefined)).toBe(params);
  });
});
