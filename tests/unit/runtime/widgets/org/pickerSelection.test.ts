import { describe, expect, it } from 'vitest';
import { FORM_WIDGET_LOADERS } from '../../../../../runtime/widgets/form';
import DepartWidget from '../../../../../runtime/widgets/org/DepartWidget';
import UserWidget from '../../../../../runtime/widgets/org/UserWidget';
import {
  CLOSED,
  entriesOf,
  labelText,
  pickedKeys,
  pickedValue,
  pickerReducer,
  storedKeys,
  type PickerAction,
  type PickerState,
} from '../../../../../runtime/widgets/org/pickerSelection';

const a = { key: 'a', label: '甲' };
const b = { key: 'b', label: '乙' };
const c = { key: 'c', label: '丙' };

function run(multiple: boolean, actions: PickerAction[], from: PickerState = CLOSED): PickerState {
  return actions.reduce(pickerReducer(multiple), from);
}

describe('picker selection (headless)', () => {
  it('opens with the preselection restored from the value, each key once', () => {
    expect(run(true, [{ type: 'open', preselected: [a, b, a] }])).toEqual({ open: true, picked: [a, b] });
  });

  it('single mode keeps only the latest check, also from a preselection of several', () => {
    expect(pickedKeys(run(false, [{ type: 'open', preselected: [a, b] }]))).toEqual(['b']);
    const state = run(false, [
      { type: 'open', preselected: [] },
      { type: 'check', entry: a, checked: true },
      { type: 'check', entry: b, checked: true },
    ]);
    expect(pickedKeys(state)).toEqual(['b']);
    expect(pickedKeys(run(false, [{ type: 'check', entry: b, checked: false }], state))).toEqual([]);
  });

  it('multiple mode adds and removes in the order checked', () => {
    const state = run(true, [
      { type: 'open', preselected: [a] },
      { type: 'checkMany', entries: [b, c], checked: true },
      { type: 'check', entry: a, checked: false },
      { type: 'check', entry: a, checked: true },
    ]);
    expect(pickedKeys(state)).toEqual(['b', 'c', 'a']);
    expect(pickedKeys(run(true, [{ type: 'checkMany', entries: [b, c], checked: false }], state))).toEqual(['a']);
  });

  it('closing (OK, cancel or close) leaves nothing picked', () => {
    expect(run(true, [{ type: 'open', preselected: [a] }, { type: 'close' }])).toEqual(CLOSED);
  });

  it('stores keys comma-joined, nothing as null, and reads stored values back', () => {
    expect(pickedValue([a, b])).toBe('a,b');
    expect(pickedValue([])).toBeNull();
    expect(storedKeys(' a, ,b ')).toEqual(['a', 'b']);
    expect(storedKeys(['a', 'b'])).toEqual(['a', 'b']);
    expect(storedKeys(null)).toEqual([]);
    expect(entriesOf(['a', 'x'], new Map([['a', '甲']]))).toEqual([a, { key: 'x', label: 'x' }]);
    // The input leaves out keys whose label is still loading.
    expect(labelText(['a', 'x', 'b'], new Map([['a', '甲'], ['b', '乙']]))).toBe('甲,乙');
  });
});

describe('registration', () => {
  it('the user and depart types load the real pickers, no longer the text stand-in', async () => {
    expect((await FORM_WIDGET_LOADERS.user()).default).toBe(UserWidget);
    expect((await FORM_WIDGET_LOADERS.depart()).default).toBe(DepartWidget);
  });
});
