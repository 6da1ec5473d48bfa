import { textFor } from '@rx/contracts/required-language';
import type { FeedbackTypeNode } from '@rx/contracts/feedback-types';
import type { Language } from '@rx/contracts/languages';

/** A type's name in the interface language, else the zh one. */
export function typeName(node: Pick<FeedbackTypeNode, 'name'>, lang: Language): string {
  return textFor(node.name, lang);
}

/**
 * The tree cut down to the nodes that match and the path to them: a matching node keeps all its
 * children, another node stays only for a matching descendant.
 */
export function filterTree(
  nodes: FeedbackTypeNode[],
  matches: (node: FeedbackTypeNode) => boolean,
): FeedbackTypeNode[] {
  const kept: FeedbackTypeNode[] = [];
  for (const node of nodes) {
    if (matches(node)) kept.push(node);
    else {
      const children = filterTree(node.children, matches);
      if (children.length) kept.push({ ...node, children });
    }
  }
  return kept;
}

/** Whether a type matches the list's filters: a keyword (code or any name), a queue, enabled `1`/`0`. */
export function matchesFilters(node: FeedbackTypeNode, filters: Record<string, string>): boolean {
  const keyword = filters.q?.toLowerCase();
  if (
    keyword &&
    !node.code.toLowerCase().includes(keyword) &&
    !Object.values(node.name).some((name) => name.toLowerCase().includes(keyword))
  )
    return false;
  if (filters.queue && node.queue !== filters.queue) return false;
  if (filters.enabled && node.enabled !== (filters.enabled === '1')) return false;
  return true;
}

/** The node's id and the ids of everything under it: where it cannot move. */
export function subtreeIds(node: FeedbackTypeNode): Set<number> {
  const ids = new Set<number>([node.id]);
  for (const child of node.children) for (const id of subtreeIds(child)) ids.add(id);
  return ids;
}

/** Every node's id, depth first (to expand the whole tree). */
export function allIds(nodes: FeedbackTypeNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...allIds(node.children)]);
}

export interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: ParentOption[];
}

/** The tree as TreeSelect options for choosing a parent; `excluded` nodes (and what is under them) are disabled. */
export function parentOptions(
  nodes: FeedbackTypeNode[],
  label: (node: FeedbackTypeNode) => string,
  excluded: Set<number> = new Set(),
): ParentOption[] {
  return nodes.map((node) => ({
    value: node.id,
    title: label(node),
    ...(excluded.has(node.id) ? { disabled: true } : {}),
    children: parentOptions(node.children, label, excluded),
  }));
}

/** The queues the product's types route to, sorted, `default` always among them. */
export function queuesOf(nodes: FeedbackTypeNode[]): string[] {
  const queues = new Set<string>(['default']);
  const walk = (list: FeedbackTypeNode[]) => {
    for (const node of list) {
      queues.add(node.queue);
      walk(node.children);
    }
  };
  walk(nodes);
  return [...queues].sort();
}

/** antd's tree table shows an expander for any `children` array: leaves carry none. */
export type TreeRow = Omit<FeedbackTypeNode, 'children'> & { children?: TreeRow[] };
export function treeRows(nodes: FeedbackTypeNode[]): TreeRow[] {
  return nodes.map(({ children, ...node }) =>
    children.length ? { ...node, children: treeRows(children) } : node,
  );
}

/** The node with this id, anywhere in the tree. */
export function findNode(nodes: FeedbackTypeNode[], id: number): FeedbackTypeNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}
