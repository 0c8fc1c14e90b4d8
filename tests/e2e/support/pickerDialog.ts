/**
 * Helpers for the record pickers' dialogs (runtime/widgets/picker, org/, popup/): their width as laid
 * out, query-bar controls, table rows and their radio / check boxes, and footer buttons.
 */
import type { Locator } from '@playwright/test';

/** antd spaces the two characters of 关闭 / 取消 buttons. */
export const CLOSE = /关\s*闭/;
export const CANCEL = /取\s*消/;

export function footerButton(dialog: Locator, name: RegExp): Locator {
  return dialog.locator('.ant-modal-footer').getByRole('button', { name });
}

/** The modal's width as laid out (the spec's widths). */
export async function widthOf(dialog: Locator): Promise<number> {
  return Math.round((await dialog.boundingBox())?.width ?? 0);
}

/** A query-bar control of a dialog by its label (table headers carry the same names). */
export function queryControl(dialog: Locator, label: string): Locator {
  const name = { name: label, exact: true };
  return dialog.getByRole('textbox', name).or(dialog.getByRole('spinbutton', name)).or(dialog.getByRole('combobox', name));
}

/** Data rows of the dialog's table. */
export function tableRows(dialog: Locator): Locator {
  return dialog.locator('.ant-table-tbody tr.ant-table-row');
}

/** The data row of the dialog's table showing this text. */
export function tableRow(dialog: Locator, text: string): Locator {
  return tableRows(dialog).filter({ hasText: text });
}

/** Checks the radio or check box of the row showing this text. */
export async function checkRow(dialog: Locator, text: string): Promise<void> {
  await tableRow(dialog, text).locator('.ant-radio-input, .ant-checkbox-input').first().check();
}
