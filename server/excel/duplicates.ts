import { excelMessages } from './messages';
import type { ExcelColumn, ImportRow, ImportValue } from './types';

function duplicateKey(value: ImportValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** Where a row sits: its number, and its file when an import reads several. */
export type RowPlace = Pick<ImportRow, 'rowNumber' | 'fileName'>;

/**
 * The reason given to `row` for repeating a value: '文件中存在重复数据（与第6行重复）'. `firsts` are
 * the first rows (in file order, at least six when there are that many, `row` among them or not)
 * of the `count` rows holding the value; only the first few others are named, so a value repeated
 * ten thousand times stays cheap.
 */
export function duplicateNote(row: RowPlace, firsts: readonly RowPlace[], count: number, message: string = excelMessages.duplicateInFile): string {
  const others: RowPlace[] = [];
  for (const other of firsts) {
    if (other.rowNumber !== row.rowNumber || other.fileName !== row.fileName) others.push(other);
    if (others.length > 5) break;
  }
  const shownRows = others.slice(0, 5);
  const more = count - 1 > 5 ? `等${count - 1}行` : '行';
  // Within one file the numbers say it all; across files each names its file.
  const sameFile = shownRows.every((o) => o.fileName === row.fileName);
  const shown = sameFile
    ? `第${shownRows.map((o) => o.rowNumber).join('、')}${more}`
    : `${shownRows.map((o) => `${o.fileName ? `「${o.fileName}」` : ''}第${o.rowNumber}行`).join('、')}${count - 1 > 5 ? `等${count - 1}行` : ''}`;
  return `${message}（与${shown}重复）`;
}

/**
 * Marks rows that repeat a value of a unique column (in one file, or across the files of one
 * import: then each other row is named with its file). Every occurrence gets the error with the
 * other rows' numbers, so the user sees each pair wherever they look.
 * Returns how many rows were marked.
 */
export function markDuplicates(
  rows: readonly ImportRow[],
  column: Pick<ExcelColumn, 'key' | 'title'>,
  message: string = excelMessages.duplicateInFile,
): number {
  const rowsByValue = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const key = duplicateKey(row.values[column.key]);
    if (key === null) continue;
    const same = rowsByValue.get(key);
    if (same) same.push(row);
    else rowsByValue.set(key, [row]);
  }
  let marked = 0;
  for (const same of rowsByValue.values()) {
    if (same.length < 2) continue;
    for (const row of same) {
      row.errors.push({ column: column.title, message: duplicateNote(row, same, same.length, message) });
      marked++;
    }
  }
  return marked;
}
