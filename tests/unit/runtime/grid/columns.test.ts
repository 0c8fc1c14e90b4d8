import { describe, expect, it } from 'vitest';
import {
  columnWidths,
  createdRowValues,
  createdValue,
  GRID_COLUMN_TYPES,
  resolveColumn,
  resolveColumns,
  selectionWidth,
  sequenceWidth,
  type GridColumnSpec,
} from '../../../../runtime/grid';

describe('grid columns', () => {
  it('knows the sixteen column types of the spec, the tags cell and the report popup', () => {
    expect(GRID_COLUMN_TYPES).toEqual([
      'input', 'inputNumber', 'checkbox', 'select', 'date', 'datetime', 'radio', 'hidden', 'slot',
      'sel_depart', 'sel_user', 'input_pop', 'list_multi', 'sel_search', 'sel_search_async', 'upload', 'tags', 'popup',
    ]);
  });

  it('fills every column property with its default', () => {
    const column = resolveColumn({ key: 'name' });
    expect(column).toMatchObject({
      key: 'name',
      title: 'name',
      type: 'input',
      width: undefined,
      fixed: undefined,
      props: {},
      options: [],
      allowInput: false,
      allowSearch: false,
      dictCode: undefined,
      disabled: false,
      token: false,
      action: '/sys/common/upload',
      responseName: 'message',
      number: 0,
      btnText: '上传文件',
      allowDownload: true,
      allowRemove: true,
      validateRules: [],
      statistics: [],
      linkageKey: undefined,
      format: undefined,
      setTagColor: false,
      visible: true,
    });
  });

  it('gives date cells YYYY-MM-DD and datetime cells YYYY-MM-DD HH:mm:ss unless the column says otherwise', () => {
    expect(resolveColumn({ key: 'd', type: 'date' }).format).toBe('YYYY-MM-DD');
    expect(resolveColumn({ key: 'd', type: 'datetime' }).format).toBe('YYYY-MM-DD HH:mm:ss');
    expect(resolveColumn({ key: 'd', type: 'date', format: 'YYYY/MM' }).format).toBe('YYYY/MM');
  });

  it('reads the upload limit from number, else from fieldExtendJson.uploadnum', () => {
    expect(resolveColumn({ key: 'f', type: 'upload', number: 3 }).number).toBe(3);
    expect(resolveColumn({ key: 'f', type: 'upload', fieldExtendJson: '{"uploadnum":2}' }).number).toBe(2);
    expect(resolveColumn({ key: 'f', type: 'upload', fieldExtendJson: { uploadnum: 4 } }).number).toBe(4);
    expect(resolveColumn({ key: 'f', type: 'upload', fieldExtendJson: 'not json' }).number).toBe(0);
  });

  it('refuses unknown types and duplicate keys', () => {
    expect(() => resolveColumn({ key: 'x', type: 'colour' } as unknown as GridColumnSpec)).toThrow('表格列 x 的类型「colour」不受支持');
    expect(() => resolveColumns([{ key: 'a' }, { key: 'a' }])).toThrow('表格列 key「a」重复');
  });

  it('hidden columns hold values but are not visible', () => {
    expect(resolveColumn({ key: 'h', type: 'hidden' }).visible).toBe(false);
  });
});

describe('created values of a new row', () => {
  it('uses the defaultValue, copied so that rows never share an object', () => {
    const column = resolveColumn({ key: 'tags', defaultValue: ['a'] });
    const first = createdValue(column) as string[];
    first.push('b');
    expect(createdValue(column)).toEqual(['a']);
  });

  it('starts checkboxes unchecked, with their custom values when given', () => {
    expect(createdValue(resolveColumn({ key: 'c', type: 'checkbox' }))).toBe(false);
    expect(createdValue(resolveColumn({ key: 'c', type: 'checkbox', props: { customValue: ['Y', 'N'] } }))).toBe('N');
  });

  it("starts choice cells on the option marked isDefault 'Y'", () => {
    const options = [
      { value: '1', text: '一般' },
      { value: '2', text: '重要', isDefault: 'Y' },
      { value: '3', text: '紧急', isDefault: 'Y' },
    ];
    expect(createdValue(resolveColumn({ key: 's', type: 'select', options }))).toBe('2');
    expect(createdValue(resolveColumn({ key: 's', type: 'radio', options }))).toBe('2');
    expect(createdValue(resolveColumn({ key: 's', type: 'list_multi', options }))).toBe('2,3');
    expect(createdValue(resolveColumn({ key: 's', type: 'select', options: options.slice(0, 1) }))).toBe('');
  });

  it('starts every other type empty, numbers included', () => {
    for (const type of ['input', 'inputNumber', 'date', 'datetime', 'sel_user', 'sel_depart', 'upload', 'hidden'] as const) {
      expect(createdValue(resolveColumn({ key: 'k', type }))).toBe('');
    }
  });

  it('builds a whole row and lets given values win', () => {
    const columns = resolveColumns([{ key: 'a', defaultValue: 1 }, { key: 'b' }]);
    expect(createdRowValues(columns, { b: 'x', extra: true })).toEqual({ a: 1, b: 'x', extra: true });
  });
});

describe('column widths (spec §9)', () => {
  it('gives datetime 200, user picker 220, department picker 160 and the others 92 % shared', () => {
    const columns = resolveColumns([
      { key: 'when', type: 'datetime' },
      { key: 'who', type: 'sel_user' },
      { key: 'dept', type: 'sel_depart' },
      { key: 'name' },
      { key: 'hiddenId', type: 'hidden' },
    ]);
    expect(columnWidths(columns)).toEqual([
      { key: 'when', width: 200, minWidth: 190 },
      { key: 'who', width: 220, minWidth: 190 },
      { key: 'dept', width: 160, minWidth: 190 },
      { key: 'name', width: '23%', minWidth: undefined },
    ]);
  });

  it('gives the shared columns 120 px when columns scroll, and keeps a column’s own width', () => {
    const columns = resolveColumns([{ key: 'a' }, { key: 'b', width: 80 }, { key: 'day', type: 'date' }]);
    expect(columnWidths(columns, { scrollX: true })).toEqual([
      { key: 'a', width: 120, minWidth: undefined },
      { key: 'b', width: 80, minWidth: undefined },
      { key: 'day', width: 120, minWidth: 135 },
    ]);
  });

  it('sizes the sequence column 60 and the selection column 40, or 60 with totals', () => {
    expect(sequenceWidth()).toBe(60);
    expect(selectionWidth(resolveColumns([{ key: 'a' }]))).toBe(40);
    expect(selectionWidth(resolveColumns([{ key: 'a', statistics: ['sum'] }]))).toBe(60);
  });
});
