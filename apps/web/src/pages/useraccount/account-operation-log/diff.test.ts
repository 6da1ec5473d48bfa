import { describe, expect, it } from 'vitest';
import { diffRows, showValue } from './diff.ts';

describe('operation log diff', () => {
  it('marks changed, same, added and removed fields, flattening nested objects', () => {
    const rows = diffRows(
      { name: { zh: '月卡', en: '' }, status: 'active', contents: [{ prop_id: 1, quantity: 1 }], old: 1 },
      {
        name: { zh: '月卡', en: 'Monthly Card' },
        status: 'disabled',
        contents: [{ prop_id: 1, quantity: 1 }],
        extra: true,
      },
    );
    expect(rows).toEqual([
      { path: 'name.zh', before: '月卡', after: '月卡', change: 'same' },
      { path: 'name.en', before: '', after: 'Monthly Card', change: 'changed' },
      { path: 'status', before: 'active', after: 'disabled', change: 'changed' },
      {
        path: 'contents',
        before: '[{"prop_id":1,"quantity":1}]',
        after: '[{"prop_id":1,"quantity":1}]',
        change: 'same',
      },
      { path: 'old', before: '1', after: '', change: 'removed' },
      { path: 'extra', before: '', after: 'true', change: 'added' },
    ]);
  });

  it('treats a missing side as all added or all removed', () => {
    expect(diffRows(null, { id: 3 })).toEqual([{ path: 'id', before: '', after: '3', change: 'added' }]);
    expect(diffRows({ id: 3 }, null)).toEqual([{ path: 'id', before: '3', after: '', change: 'removed' }]);
    expect(diffRows(null, null)).toEqual([]);
  });

  it('stops flattening at two levels and shows plain values', () => {
    expect(diffRows(undefined, { a: { b: { c: 1 } } })).toEqual([
      { path: 'a.b', before: '', after: '{"c":1}', change: 'added' },
    ]);
    expect(diffRows('x', 'y')).toEqual([{ path: '(value)', before: 'x', after: 'y', change: 'changed' }]);
    expect(showValue(null)).toBe('null');
  });

  it('leaves out the version and timestamps, which change with every write', () => {
    const rows = diffRows(
      { name: 'a', version: 1, updated_at: '2026-01-01', created_at: '2025-01-01' },
      { name: 'b', version: 2, updated_at: '2026-01-02', created_at: '2025-01-01' },
    );
    expect(rows).toEqual([{ path: 'name', before: 'a', after: 'b', change: 'changed' }]);
  });
});
