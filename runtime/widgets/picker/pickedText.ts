/**
 * What the '已选<name>' card shows for a picked row. Its text is cut like the dialog's cells (the biz
 * picker's 12 characters); a key standing in for a row not loaded yet (or gone) is cut to 50, as
 * JeecgBoot cuts the biz picker's row key (widgets spec §9) — long keys would otherwise push the
 * 删除 link out of the narrow card.
 */
import { rowText, type PickerRow } from './selection';

export const PICKED_KEY_LENGTH = 50;

export interface PickedText {
  /** The whole text (shown on hover when cut). */
  text: string;
  /** Characters kept before '...'; 0 never cuts. */
  max: number;
}

export function pickedText(row: PickerRow | undefined, key: string, textField: string, ellipsis: number): PickedText {
  const text = rowText(row, key, textField);
  return { text, max: text === key ? PICKED_KEY_LENGTH : ellipsis };
}
