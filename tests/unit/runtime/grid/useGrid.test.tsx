import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createGrid, useGridEditing, useGridErrors, useGridRows } from '../../../../runtime/grid';

describe('grid hooks', () => {
  it('re-render a view with the rows, the editing cells and the errors as they change', async () => {
    const grid = createGrid({ columns: [{ key: 'name', title: '名称', validateRules: [{ required: true }] }] });
    grid.load([{ id: 'r1', name: '甲' }]);
    const { result } = renderHook(() => ({ rows: useGridRows(grid), editing: useGridEditing(grid), errors: useGridErrors(grid) }));
    expect(result.current.rows.rows).toHaveLength(1);

    act(() => {
      grid.addFromToolbar();
      grid.clickCell('r1', 'name');
    });
    expect(result.current.rows.rows).toHaveLength(2);
    expect(result.current.editing.get('r1')).toBe('name');

    await act(async () => {
      grid.input('r1', 'name', '');
      await grid.validator.onInput('r1', 'name');
    });
    expect(result.current.errors).toEqual({ r1: { name: '请输入名称' } });
  });
});
