/**
 * A picker dialog's life, headless (widgets spec §4 Pickers): the dialog opens with the selection
 * restored from the stored value, the user checks and unchecks, OK emits the selection and clears
 * it, cancel and close clear it. Single mode keeps only the latest check. Each picked entry keeps its
 * key (the stored value) and its label (what the input shows), so entries picked on another page of
 * a table, or restored from the value before their row was ever loaded, keep their text.
 *
 * Used by the department and user pickers; a candidate to merge with runtime/widgets/picker/selection.ts.
 */

export interface Picked {
  /** What is stored: a department id, a username or a user id. */
  key: string;
  /** What the input shows: a department name, a real name. */
  label: string;
}

export interface PickerState {
  open: boolean;
  /** In the order picked. */
  picked: readonly Picked[];
}

export type PickerAction =
  | { type: 'open'; preselected: readonly Picked[] }
  | { type: 'check'; entry: Picked; checked: boolean }
  | { type: 'checkMany'; entries: readonly Picked[]; checked: boolean }
  /** OK, cancel and close all end here: the dialog closes with nothing picked. */
  | { type: 'close' };

export const CLOSED: PickerState = { open: false, picked: [] };

function latestOnly(picked: readonly Picked[], multiple: boolean): readonly Picked[] {
  return multiple || picked.length <= 1 ? picked : picked.slice(-1);
}

function without(picked: readonly Picked[], keys: ReadonlySet<string>): Picked[] {
  return picked.filter((p) => !keys.has(p.key));
}

export function pickerReducer(multiple: boolean) {
  return (state: PickerState, action: PickerAction): PickerState => {
    switch (action.type) {
      case 'open': {
        const unique = [...new Map(action.preselected.map((p) => [p.key, p])).values()];
        return { open: true, picked: latestOnly(unique, multiple) };
      }
      case 'check':
        return pickerReducer(multiple)(state, { type: 'checkMany', entries: [action.entry], checked: action.checked });
      case 'checkMany': {
        const keys = new Set(action.entries.map((e) => e.key));
        if (!action.checked) return { ...state, picked: without(state.picked, keys) };
        // Re-checking an entry moves it last, so in single mode the newest check wins.
        const picked = [...without(state.picked, keys), ...new Map(action.entries.map((e) => [e.key, e])).values()];
        return { ...state, picked: latestOnly(picked, multiple) };
      }
      case 'close':
        return CLOSED;
    }
  };
}

export function pickedKeys(state: PickerState): string[] {
  return state.picked.map((p) => p.key);
}

/** What OK stores: the keys comma-joined, or null when nothing is picked (the field is cleared). */
export function pickedValue(picked: readonly Picked[]): string | null {
  return picked.length === 0 ? null : picked.map((p) => p.key).join(',');
}

/** A stored value ('a,b' or a list) as its keys, blanks dropped. */
export function storedKeys(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : value === null || value === undefined ? [] : String(value).split(',');
  return parts.map((k) => k.trim()).filter((k) => k !== '');
}

/** The stored keys with the labels known for them; an unknown key shows as itself. */
export function entriesOf(keys: readonly string[], labels: ReadonlyMap<string, string>): Picked[] {
  return keys.map((key) => ({ key, label: labels.get(key) ?? key }));
}

/** The input's text: the labels of the stored keys whose label is known, comma-joined. */
export function labelText(keys: readonly string[], labels: ReadonlyMap<string, string>): string {
  return keys.flatMap((key) => {
    const label = labels.get(key);
    return label === undefined ? [] : [label];
  }).join(',');
}
