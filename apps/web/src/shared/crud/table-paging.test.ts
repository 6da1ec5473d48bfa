import { describe, expect, it, vi } from 'vitest';
import { sortOf, tablePaging } from './table-paging.ts';

describe('table sort and paging in the address', () => {
  it('turns the sorter into the API sort', () => {
    expect(sortOf({ columnKey: 'code', order: 'ascend' })).toBe('code');
    expect(sortOf([{ field: 'updated_at', order: 'descend' }])).toBe('-updated_at');
    expect(sortOf({ columnKey: 'code', order: undefined })).toBeUndefined();
    expect(sortOf({ columnKey: 'validity', order: 'ascend' }, { validity: 'valid_to' })).toBe('valid_to');
  });

  it('pages through the address with one write per change (antd calls onChange for paging too)', () => {
    const setParams = vi.fn();
    const props = tablePaging({ page: 3, page_size: 20, filters: {} }, setParams, 95);
    expect(props.pagination).toMatchObject({ current: 3, pageSize: 20, total: 95 });
    props.onChange({ current: 4, pageSize: 20 }, {}, {}, { action: 'paginate' });
    expect(setParams).toHaveBeenCalledTimes(1);
    expect(setParams).toHaveBeenLastCalledWith({ page: 4, page_size: 20 });
  });

  it('starts from the first page when the page size or the sort changes', () => {
    const setParams = vi.fn();
    const props = tablePaging({ page: 3, page_size: 10, sort: 'code', filters: {} }, setParams, 95);
    props.onChange({ current: 3, pageSize: 50 }, {}, {}, { action: 'paginate' });
    expect(setParams).toHaveBeenLastCalledWith({ page: 1, page_size: 50 });
    props.onChange(null, {}, { columnKey: 'name', order: 'descend' }, { action: 'sort' });
    expect(setParams).toHaveBeenLastCalledWith({ sort: '-name', page: 1 });
  });

  it('does not touch the address for a sorter that did not change', () => {
    const setParams = vi.fn();
    const props = tablePaging({ page: 2, page_size: 10, sort: '-name', filters: {} }, setParams, 95);
    props.onChange(null, {}, { columnKey: 'name', order: 'descend' }, { action: 'filter' });
    expect(setParams).not.toHaveBeenCalled();
  });
});
