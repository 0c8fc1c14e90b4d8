/**
 * The values of a tree field that name no node but "none above" (区域's 上级区域 '86' = 全国,
 * 分类字典's 父级分类 '0' = a top category): the page tree's root value for its parent field and a
 * treeSelect's pidValue ('0' when not declared). The server accepts them without a node and sends
 * no name for them; lists and 详细信息 show them as empty, as the form does.
 */
import type { CompiledField, CompiledPage } from './compiledPageTypes';

type PageTree = Pick<NonNullable<CompiledPage['entity']['tree']>, 'rootValue'> & { parentField: Pick<CompiledField, 'name'> };

export function treeRootValues(field: CompiledField, tree?: PageTree): string[] {
  const roots: string[] = [];
  if (tree && tree.parentField.name === field.name) roots.push(tree.rootValue);
  if (field.widget === 'treeSelect' && field.options.treeSelect) roots.push(field.options.treeSelect.pidValue ?? '0');
  return roots;
}

export function isTreeRoot(field: CompiledField, value: unknown, tree?: PageTree): boolean {
  return (typeof value === 'string' || typeof value === 'number') && treeRootValues(field, tree).includes(String(value));
}
