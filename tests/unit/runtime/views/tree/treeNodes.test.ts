import { describe, expect, it } from 'vitest';
import { allKeys, filterTree, findNode, toTreeNodes } from '../../../../../runtime/views/tree/treeNodes';

const answer = [
  {
    key: 'a01',
    title: '华泰公估有限公司',
    orgCode: 'A01',
    children: [
      { key: 'a01a01', title: '车险理赔部', children: null },
      { key: 'a01a05', title: '理赔二部', children: [{ key: 'x', title: '理赔二部一组', children: null }] },
    ],
  },
  { key: 'a02', title: '上海分公司', children: null },
  { title: '没有 key 的节点' },
];

describe('tree pane nodes', () => {
  it('reads JeecgBoot tree nodes, keeping their fields and leaving out what is not a node', () => {
    const nodes = toTreeNodes(answer);
    expect(nodes.map((n) => n.key)).toEqual(['a01', 'a02']);
    expect(nodes[0].orgCode).toBe('A01');
    expect(allKeys(nodes)).toEqual(['a01', 'a01a01', 'a01a05', 'x', 'a02']);
    expect(findNode(nodes, 'x')?.title).toBe('理赔二部一组');
  });

  it('filters by name, keeping each hit with its path from the root', () => {
    const nodes = toTreeNodes(answer);
    const shown = filterTree(nodes, '二部');
    expect(allKeys(shown)).toEqual(['a01', 'a01a05', 'x']);
    expect(filterTree(nodes, '  ')).toHaveLength(2);
    expect(filterTree(nodes, '深圳')).toEqual([]);
  });
});
