import { describe, expect, it } from 'vitest';
import { grantChanges, keepGranted } from '../../../../server/sys/org/grantTree';

interface Node {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: Node[];
}

const node = (key: string, children?: Node[]): Node => ({ key, title: key.toUpperCase(), isLeaf: !children, ...(children ? { children } : {}) });

describe('the part of the tree a department may hand on to its roles', () => {
  const tree = [node('sys', [node('role', [node('role:add'), node('role:list')]), node('user', [node('user:add')])]), node('home')];

  it('keeps the granted nodes in their places and drops the rest', () => {
    expect(keepGranted(tree, new Set(['sys', 'role', 'role:list', 'home']))).toEqual([
      node('sys', [node('role', [node('role:list')])]),
      node('home'),
    ]);
  });

  it('lifts a granted button whose menu is not granted to its nearest granted ancestor, and marks emptied menus as leaves', () => {
    expect(keepGranted(tree, new Set(['sys', 'user:add']))).toEqual([node('sys', [node('user:add')])]);
    expect(keepGranted(tree, new Set(['role:add']))).toEqual([node('role:add')]);
    expect(keepGranted(tree, new Set(['role']))).toEqual([{ key: 'role', title: 'ROLE', isLeaf: true }]);
    expect(keepGranted(tree, new Set())).toEqual([]);
  });
});

describe('what a grant save changes', () => {
  it('adds what is wanted and not held; removes what is held, not wanted, and was shown', () => {
    expect(grantChanges(new Set(['a', 'b', 'c']), new Set(['b', 'd']), new Set(['a', 'b']))).toEqual({ adding: ['d'], removing: ['a'] });
  });

  it('without the shown ids, the wanted ones are the whole grant', () => {
    expect(grantChanges(new Set(['a', 'b', 'c']), new Set(['b', 'd']), undefined)).toEqual({ adding: ['d'], removing: ['a', 'c'] });
  });
});
