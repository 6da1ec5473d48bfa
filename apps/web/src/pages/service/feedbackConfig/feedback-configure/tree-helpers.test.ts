import { describe, expect, it } from 'vitest';
import type { FeedbackTypeNode } from '@rx/contracts/feedback-types';
import {
  allIds,
  filterTree,
  findNode,
  matchesFilters,
  parentOptions,
  queuesOf,
  subtreeIds,
  treeRows,
  typeName,
} from './tree-helpers.ts';

const EMPTY = { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' };
function node(
  id: number,
  code: string,
  children: FeedbackTypeNode[] = [],
  queue = 'default',
): FeedbackTypeNode {
  return {
    id,
    product_id: 1,
    code,
    parent_id: null,
    name: { ...EMPTY, zh: `类型${code}`, en: code === 'pay' ? 'Payments' : '' },
    require_order_no: false,
    require_screenshot: false,
    require_server_role: false,
    queue,
    auto_reply: EMPTY,
    enabled: true,
    sort: 0,
    version: 1,
    created_at: '',
    updated_at: '',
    children,
  };
}

const tree = [
  node(1, 'account', [node(2, 'login'), node(3, 'stolen', [node(4, 'hacked')])], 'account'),
  node(5, 'pay', [node(6, 'missing', [], 'payment')]),
];

describe('feedback type tree helpers', () => {
  it('names a type in the language, else in Chinese', () => {
    expect(typeName(tree[1]!, 'en')).toBe('Payments');
    expect(typeName(tree[0]!, 'en')).toBe('类型account');
  });

  it('keeps matching nodes with their whole subtree and the path to them', () => {
    const byCode = (code: string) => (n: FeedbackTypeNode) => n.code === code;
    expect(filterTree(tree, byCode('hacked'))).toMatchObject([
      { id: 1, children: [{ id: 3, children: [{ id: 4 }] }] },
    ]);
    expect(filterTree(tree, byCode('hacked'))[0]!.children).toHaveLength(1);
    expect(filterTree(tree, byCode('account'))[0]!.children).toHaveLength(2);
    expect(filterTree(tree, byCode('nothing'))).toEqual([]);
  });

  it('matches the list filters on code, any language of the name, queue and state', () => {
    const pay = tree[1]!;
    expect(matchesFilters(pay, { q: 'PAYM' })).toBe(true);
    expect(matchesFilters(pay, { q: '类型pay' })).toBe(true);
    expect(matchesFilters(pay, { q: 'login' })).toBe(false);
    expect(matchesFilters(tree[0]!, { queue: 'account', enabled: '1' })).toBe(true);
    expect(matchesFilters(tree[0]!, { enabled: '0' })).toBe(false);
    expect(matchesFilters(tree[0]!, {})).toBe(true);
  });

  it('knows where a node cannot move: itself and everything under it', () => {
    expect([...subtreeIds(tree[0]!)].sort()).toEqual([1, 2, 3, 4]);
    const options = parentOptions(tree, (n) => n.code, subtreeIds(findNode(tree, 3)!));
    expect(options[0]).toMatchObject({ value: 1, title: 'account' });
    expect(options[0]!.disabled).toBeUndefined();
    expect(options[0]!.children[1]).toMatchObject({ value: 3, disabled: true });
    expect(options[0]!.children[1]!.children[0]).toMatchObject({ value: 4, disabled: true });
  });

  it('finds nodes, lists every id and the queues in use', () => {
    expect(findNode(tree, 6)?.code).toBe('missing');
    expect(findNode(tree, 99)).toBeUndefined();
    expect(allIds(tree)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(queuesOf(tree)).toEqual(['account', 'default', 'payment']);
  });

  it('gives leaves no children array, so the table shows no expander for them', () => {
    const rows = treeRows(tree);
    expect(rows[0]!.children).toHaveLength(2);
    expect('children' in rows[0]!.children![0]!).toBe(false);
  });
});
