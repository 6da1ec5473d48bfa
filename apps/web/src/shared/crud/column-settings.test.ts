import { describe, expect, it } from 'vitest';
import { arrange } from './column-settings.ts';

const cols = [{ key: 'code' }, { key: 'name' }, { key: 'type' }, { key: 'actions' }];

describe('table column setup', () => {
  it('hides and reorders columns; columns the setup does not know keep their place after', () => {
    const setup = { hidden: ['type'], order: ['name', 'code'], density: 'middle' as const };
    expect(arrange(cols, setup).map((c) => c.key)).toEqual(['name', 'code', 'actions']);
  });
  it('leaves the table as it is without a setup', () => {
    expect(arrange(cols, { hidden: [], order: [], density: 'small' }).map((c) => c.key)).toEqual([
      'code',
      'name',
      'type',
      'actions',
    ]);
  });
});
