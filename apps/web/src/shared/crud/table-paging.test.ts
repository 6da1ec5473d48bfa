import { describe, expect, it, vi } from 'vitest';
import { sortOf, tablePaging } from './table-paging.ts';

describe('table sort and paging in the address', () => {
  it('turns the sorter into the API sort', () => {
    expect(sortOf({ columnKey: 'code', order: 'ascend' })).toBe('code');
    expect(sortOf([{ field: 'updated_at', order: 'descend' }])).toBe('-updated_at');
    expect(sortOf({ columnKey: 'code', order: undefined })).toBeUndefined();
    expect(sortOf({ columnKey: 'validity', order: 'ascend' }, { validity: 'valid_to' })).toBe('valid_to');
  });

  it('pages through the address', () => {
    const setParams = vi.fn();
    const props = tablePaging({ page: 3, page_size: 20, filters: {} }, setParams, 95);
    expect(props.pagination).toMatchObject({ current: 3, pageSize: 20, total: 95 });
    props.pagination.onChange(4, 50);
    expect(setParams).toHaveBeenCalledWith({ page: 4, page_size: 50 });
    props.onChange(null, null, { columnKey: 'name', order: 'descend' });
    expect(setParams).toHaveBeenCalledWith({ sort: '-name' });
  });
});
