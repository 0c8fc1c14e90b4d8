/**
 * The department tree as JeecgBoot's SysDepartTreeModel serialises it (id, key, title, value,
 * parentId, departName, orgCode, …, isLeaf, children), built from sys_depart rows. Leaves carry
 * `children: null`, as JeecgBoot's setEmptyChildrenAsNull leaves them.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DB, SysDepart } from '../../db/types';

export type DepartRow = Pick<
  Selectable<SysDepart>,
  | 'id'
  | 'parent_id'
  | 'depart_name'
  | 'depart_name_abbr'
  | 'depart_order'
  | 'description'
  | 'org_category'
  | 'org_type'
  | 'org_code'
  | 'mobile'
  | 'address'
  | 'memo'
  | 'status'
>;

export interface DepartNode {
  id: string;
  key: string;
  title: string;
  value: string;
  parentId: string;
  departName: string;
  departNameAbbr: string | null;
  departOrder: number;
  description: string | null;
  orgCategory: string;
  orgType: string | null;
  orgCode: string;
  mobile: string | null;
  address: string | null;
  memo: string | null;
  status: string;
  isLeaf: boolean;
  children: DepartNode[] | null;
}

/** JeecgBoot's DepartIdModel: the tree reduced to what an id picker needs. */
export interface DepartIdNode {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children: DepartIdNode[] | null;
}

const DEPART_COLUMNS = [
  'd.id', 'd.parent_id', 'd.depart_name', 'd.depart_name_abbr', 'd.depart_order', 'd.description', 'd.org_category',
  'd.org_type', 'd.org_code', 'd.mobile', 'd.address', 'd.memo', 'd.status',
] as const;

/** Every department that is not deleted, in the tree's display order (depart_order, then org code). */
export async function loadDepartRows(db: Kysely<DB>): Promise<DepartRow[]> {
  return db
    .selectFrom('sys_depart as d')
    .select(DEPART_COLUMNS)
    .where('d.del_flag', '=', '0')
    .orderBy('d.depart_order')
    .orderBy('d.org_code')
    .execute();
}

export function departNode(row: DepartRow, isLeaf: boolean, children: DepartNode[] | null): DepartNode {
  return {
    id: row.id,
    key: row.id,
    title: row.depart_name,
    value: row.id,
    parentId: row.parent_id ?? '',
    departName: row.depart_name,
    departNameAbbr: row.depart_name_abbr,
    departOrder: Number(row.depart_order),
    description: row.description,
    orgCategory: row.org_category,
    orgType: row.org_type,
    orgCode: row.org_code,
    mobile: row.mobile,
    address: row.address,
    memo: row.memo,
    status: row.status,
    isLeaf,
    children,
  };
}

/** Rows grouped by parent id ('' for the roots). A row whose parent is missing or deleted is a root, so nobody disappears. */
function childrenByParent(rows: readonly DepartRow[]): Map<string, DepartRow[]> {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string, DepartRow[]>();
  for (const row of rows) {
    const parent = row.parent_id && ids.has(row.parent_id) ? row.parent_id : '';
    const list = byParent.get(parent) ?? [];
    list.push(row);
    byParent.set(parent, list);
  }
  return byParent;
}

/** The whole tree; `rows` already in display order. */
export function buildDepartTree(rows: readonly DepartRow[]): DepartNode[] {
  const byParent = childrenByParent(rows);
  const build = (parent: string, seen: Set<string>): DepartNode[] =>
    (byParent.get(parent) ?? [])
      .filter((row) => !seen.has(row.id))
      .map((row) => {
        // A parent_id cycle in hand-edited data must not recurse forever.
        const kids = build(row.id, new Set(seen).add(row.id));
        return departNode(row, kids.length === 0, kids.length === 0 ? null : kids);
      });
  return build('', new Set());
}

export function toIdTree(nodes: readonly DepartNode[]): DepartIdNode[] {
  return nodes.map((node) => ({
    key: node.id,
    value: node.id,
    title: node.departName,
    isLeaf: node.isLeaf,
    children: node.children ? toIdTree(node.children) : null,
  }));
}

/** One level of the tree (the roots when `parentId` is empty), each node saying whether it has children. */
export function departLevel(rows: readonly DepartRow[], parentId: string): DepartNode[] {
  const byParent = childrenByParent(rows);
  return (byParent.get(parentId) ?? []).map((row) => departNode(row, !byParent.has(row.id), null));
}

export interface DepartSearchHit extends DepartNode {
  /** Ancestors' ids, root first: the client expands them to show the hit in the full tree. */
  parentIds: string[];
  /** Department names from the root down to this one, joined with ' / '. */
  departPath: string;
}

/** Departments whose name contains `keyWord` (case-insensitive), in tree order, each with its path from the root. */
export function searchDeparts(rows: readonly DepartRow[], keyWord: string): DepartSearchHit[] {
  const needle = keyWord.trim().toLowerCase();
  if (needle === '') return [];
  const hits: DepartSearchHit[] = [];
  const walk = (nodes: readonly DepartNode[], ancestors: readonly DepartNode[]) => {
    for (const node of nodes) {
      if (node.departName.toLowerCase().includes(needle)) {
        hits.push({
          ...node,
          children: null,
          parentIds: ancestors.map((a) => a.id),
          departPath: [...ancestors, node].map((a) => a.departName).join(' / '),
        });
      }
      if (node.children) walk(node.children, [...ancestors, node]);
    }
  };
  walk(buildDepartTree(rows), []);
  return hits;
}
