import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  removeKey,
  selectKeys,
  selectionOf,
  selectionText,
  selectionValue,
  valueKeys,
} from '../../../../../runtime/widgets/picker/selection';

const a = { id: 'a', name: '甲' };
const b = { id: 'b', name: '乙' };
const c = { id: 'c', name: '丙' };
const multi = { multiple: true, valueField: 'id' };
const single = { multiple: false, valueField: 'id' };

describe('picker selection', () => {
  it('reads stored values comma-joined or as a list', () => {
    expect(valueKeys('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(valueKeys(['a', ''])).toEqual(['a']);
    expect(valueKeys(null)).toEqual([]);
  });

  it('multiple keeps rows picked on other pages and emits the keys comma-joined in picking order', () => {
    let s = selectKeys(EMPTY_SELECTION, ['a'], [a], multi);
    // Page 2: the table reports both keys but only knows its own row.
    s = selectKeys(s, ['a', 'c'], [c], multi);
    expect(selectionValue(s)).toBe('a,c');
    expect(selectionText(s, 'name')).toBe('甲,丙');
    s = removeKey(s, 'a');
    expect(selectionValue(s)).toBe('c');
  });

  it('single keeps only the latest pick', () => {
    let s = selectKeys(EMPTY_SELECTION, ['a'], [a], single);
    s = selectKeys(s, ['a', 'b'], [a, b], single);
    expect(s.keys).toEqual(['b']);
    expect(selectionText(s, 'name')).toBe('乙');
  });

  it('starts from a stored value; a key whose row is unknown shows the key', () => {
    const s = selectionOf('a,x', [a, b], 'id');
    expect(s.keys).toEqual(['a', 'x']);
    expect(selectionText(s, 'name')).toBe('甲,x');
  });
});
