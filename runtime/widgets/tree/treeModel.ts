/**
 * The lazy tree of the tree widgets as plain data: nodes from a server answer, children attached
 * on expand, stored values split and joined, and the onlySelectLeaf rule. No React, no antd.
 */

export interface TreeOption {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: TreeOption[];
}

export type ConditionCheck = { ok: true; condition?: string } | { ok: false };

/** JeecgBoot's validateProp: blank is no condition; otherwise it must parse as a JSON object. */
export function checkCondition(raw: string | undefined): ConditionCheck {
  const text = raw?.trim() ?? '';
  if (text === '') return { ok: true };
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ok: true, condition: text } : { ok: false };
  } catch {
    return { ok: false };
  }
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** A leaf flag as JeecgBoot sends it: a boolean, 0/1 or '0'/'1'. */
function flag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

function nodeOf(item: unknown): TreeOption | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const raw = item as Record<string, unknown>;
  const key = textOf(raw.key) ?? textOf(raw.value) ?? textOf(raw.id);
  if (key === undefined) return undefined;
  const title = textOf(raw.title) ?? textOf(raw.label) ?? textOf(raw.name) ?? textOf(raw.text) ?? key;
  const isLeaf = flag(raw.isLeaf) ?? flag(raw.leaf) ?? false;
  return { key, value: key, title, isLeaf };
}

/**
 * The nodes of a tree answer: a list, or a page `{records: [...]}` (the tree table's two shapes).
 * Undefined when the answer is neither (the widget then says '返回数据类型不识别').
 */
export function nodesOf(result: unknown): TreeOption[] | undefined {
  const list = Array.isArray(result)
    ? result
    : typeof result === 'object' && result !== null && Array.isArray((result as { records?: unknown }).records)
      ? (result as { records: unknown[] }).records
      : undefined;
  if (!list) return undefined;
  return list.map(nodeOf).filter((n): n is TreeOption => n !== undefined);
}

/** The tree with `children` under `parentKey`; a parent that turns out to have none becomes a leaf. */
export function withChildren(tree: readonly TreeOption[], parentKey: string, children: readonly TreeOption[]): TreeOption[] {
  return tree.map((node) => {
    if (node.key === parentKey) {
      return children.length === 0 ? { ...node, isLeaf: true, children: undefined } : { ...node, children: [...children] };
    }
    return node.children ? { ...node, children: withChildren(node.children, parentKey, children) } : node;
  });
}

export function findNode(tree: readonly TreeOption[], key: string): TreeOption | undefined {
  for (const node of tree) {
    if (node.key === key) return node;
    const inner = node.children ? findNode(node.children, key) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** A stored value as a list: '' / null → [], 'a,b' → ['a', 'b'] (multiple values are comma-joined). */
export function splitValues(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return list.map((v) => v.trim()).filter((v) => v !== '');
}

export function joinValues(values: readonly string[]): string {
  return values.join(',');
}

/**
 * What choosing `next` (the widget's new selection) stores. With onlySelectLeaf a newly chosen node
 * that is known to be a parent is refused; the previous values stay.
 */
export function choose(
  tree: readonly TreeOption[],
  previous: readonly string[],
  next: readonly string[],
  onlySelectLeaf: boolean,
): { values: string[] } | { refused: true } {
  if (onlySelectLeaf) {
    const added = next.filter((v) => !previous.includes(v));
    if (added.some((v) => findNode(tree, v)?.isLeaf === false)) return { refused: true };
  }
  return { values: [...next] };
}
