/**
 * What the organisation picker widgets (user, depart) share around their dialogs: the stored keys
 * named for the read-only input, the dialog's selection preselected from the value, and OK, which
 * remembers the picked names and emits the keys comma-joined.
 */
import { entriesOf, labelText, pickedValue, storedKeys, type Picked } from './pickerSelection';
import { useKeyLabels } from './useKeyLabels';
import { usePickerSelection, type PickerSelectionControls } from './usePickerSelection';

export interface KeyedPicker {
  /** The PickerInput's props. */
  input: { text: string; onOpen(): void; onClear(): void };
  /** The dialog's selection and its OK / cancel. */
  dialog: { open: boolean; picked: readonly Picked[]; onCheck: PickerSelectionControls['check']; onCheckMany: PickerSelectionControls['checkMany']; onOk(): void; onCancel(): void };
}

export function useKeyedPicker(
  value: unknown,
  multiple: boolean,
  resolve: (missing: readonly string[]) => Promise<ReadonlyMap<string, string> | null>,
  onChange: (value: string | null) => void,
): KeyedPicker {
  const keys = storedKeys(value);
  const { labels, remember } = useKeyLabels(keys, resolve);
  const selection = usePickerSelection(multiple);
  return {
    input: { text: labelText(keys, labels), onOpen: () => selection.open(entriesOf(keys, labels)), onClear: () => onChange(null) },
    dialog: {
      open: selection.state.open,
      picked: selection.state.picked,
      onCheck: selection.check,
      onCheckMany: selection.checkMany,
      onOk: () => {
        const picked = selection.confirm();
        remember(new Map(picked.map((p) => [p.key, p.label])));
        onChange(pickedValue(picked));
      },
      onCancel: selection.dismiss,
    },
  };
}
