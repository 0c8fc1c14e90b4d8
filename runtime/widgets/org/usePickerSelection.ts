import { useCallback, useMemo, useReducer } from 'react';
import { CLOSED, pickerReducer, type Picked, type PickerState } from './pickerSelection';

export interface PickerSelectionControls {
  state: PickerState;
  open(preselected: readonly Picked[]): void;
  check(entry: Picked, checked: boolean): void;
  checkMany(entries: readonly Picked[], checked: boolean): void;
  /** OK: closes, clears, and returns what was picked for the caller to emit. */
  confirm(): readonly Picked[];
  /** Cancel or close: nothing is emitted, the selection is dropped. */
  dismiss(): void;
}

/** React binding of the headless picker selection (pickerSelection.ts). */
export function usePickerSelection(multiple: boolean): PickerSelectionControls {
  const reducer = useMemo(() => pickerReducer(multiple), [multiple]);
  const [state, dispatch] = useReducer(reducer, CLOSED);

  const open = useCallback((preselected: readonly Picked[]) => dispatch({ type: 'open', preselected }), []);
  const check = useCallback((entry: Picked, checked: boolean) => dispatch({ type: 'check', entry, checked }), []);
  const checkMany = useCallback((entries: readonly Picked[], checked: boolean) => dispatch({ type: 'checkMany', entries, checked }), []);
  const { picked } = state;
  const confirm = useCallback(() => {
    dispatch({ type: 'close' });
    return picked;
  }, [picked]);
  const dismiss = useCallback(() => dispatch({ type: 'close' }), []);
  return { state, open, check, checkMany, confirm, dismiss };
}
