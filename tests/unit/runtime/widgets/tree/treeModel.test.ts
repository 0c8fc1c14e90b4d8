import { describe, expect, it } from 'vitest';
import { changeLevel, parentOfLevel } from '../../../../../runtime/widgets/tree/linkDownModel';
import { checkCondition, choose, findNode, joinValues, nodesOf, splitValues, withChildren } from '../../../../../runtime/widgets/tree/treeModel';

describe('tree model', () => {
  it('accepts a blank condition or a JSON object, nothing else', () => {
    expect(checkCondition(undefined)).toEqual({ ok: true });
    expect(checkCondition('  ')).toEqual({ ok: true });
    expect(checkCondition('{"level":1}')).toEqual({ ok: true, condition: '{"level":1}' });
    for (const bad of ['level=1', '[1]', '"x"', '3', 'null', '{oops']) expect(checkCondition(bad)).toEqual({ ok: false });
  });

  it('reads nodes from a list or a page of records; anything else is not recognised', () => {
    const list = nodesOf([{ key: 'a', title: '甲', isLeaf: false }, { id: 'b', name: '乙', leaf: 1 }, { value: 7, label: '丙' }, 'junk']);
    expect(list).toEqual([
      { key: 'a', value: 'a', title: '甲', isLeaf: false },
      { key: 'b', value: 'b', title: '乙', isLeaf: true },
      { key: '7', value: '7', title: '丙', isLeaf: false },
    ]);
    expect(nodesOf({ records: [{ key: 'x', title: 'X', isLeaf: true }] })).toEqual([{ key: 'x', value: 'x', title: 'X', isLeaf: true }]);
    expect(nodesOf({ rows: [] })).toBeUndefined();
    expect(nodesOf(null)).toBeUndefined();
  });

  it('attaches children on expand; a parent without children becomes a leaf', () => {
    const tree = nodesOf([{ key: 'a', title: '甲' }, { key: 'b', title: '乙' }]) ?? [];
    const grown = withChildren(tree, 'a', [{ key: 'a1', value: 'a1', title: '甲一', isLeaf: true }]);
    expect(findNode(grown, 'a1')?.title).toBe('甲一');
    const empty = withChildren(grown, 'b', []);
    expect(findNode(empty, 'b')?.isLeaf).toBe(true);
    expect(tree[0].children).toBeUndefined();
  });

  it('splits and joins comma-joined values', () => {
    expect(splitValues('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(splitValues(null)).toEqual([]);
    expect(splitValues(['x', 'y'])).toEqual(['x', 'y']);
    expect(joinValues(['a', 'b'])).toBe('a,b');
  });

  it('refuses a newly chosen parent when only leaves may be chosen', () => {
    const tree = [
      { key: 'p', value: 'p', title: '父', isLeaf: false },
      { key: 'l', value: 'l', title: '叶', isLeaf: true },
    ];
    expect(choose(tree, [], ['p'], true)).toEqual({ refused: true });
    expect(choose(tree, [], ['l'], true)).toEqual({ values: ['l'] });
    expect(choose(tree, [], ['p'], false)).toEqual({ values: ['p'] });
    // A stored parent (chosen before the rule) does not block removing or adding others.
    expect(choose(tree, ['p'], ['p', 'l'], true)).toEqual({ values: ['p', 'l'] });
  });
});

describe('link-down levels', () => {
  const levels = { fields: ['province', 'city', 'district'], values: ['330000', '330100', '330106'] };

  it('offers each level the children of the level above', () => {
    expect(parentOfLevel(levels, 0, '86')).toBe('86');
    expect(parentOfLevel(levels, 1)).toBe('330000');
    expect(parentOfLevel({ ...levels, values: ['', '', ''] }, 1)).toBeUndefined();
  });

  it('changing a level clears the levels below', () => {
    expect(changeLevel(levels, 0, '110000')).toEqual(['110000', '', '']);
    expect(changeLevel(levels, 1, '330200')).toEqual(['330000', '330200', '']);
    expect(changeLevel(levels, 2, '')).toEqual(['330000', '330100', '']);
  });
});
