import { excelMessages } from './messages';
import type { ExcelColumn, ImportRow, ImportValue } from './types';

function duplicateKey(value: ImportValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
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
      // Only the first few are named; a value repeated ten thousand times must stay cheap.
      const others: ImportRow[] = [];
      for (const other of same) {
        if (other !== row) others.push(other);
        if (others.length > 5) break;
      }
      const shownRows = others.slice(0, 5);
      const more = others.length > 5 ? `等${same.length - 1}行` : '行';
      // Within one file the numbers say it all; across files each names its file.
      const sameFile = shownRows.every((o) => o.fileName === row.fileName);
      const shown = sameFile
        ? `第${shownRows.map((o) => o.rowNumber).join('、')}${more}`
        : `${shownRows.map((o) => `${o.fileName ? `「${o.fileName}」` : ''}第${o.rowNumber}行`).join('、')}${others.length > 5 ? `等${same.length - 1}行` : ''}`;
      row.errors.push({ column: column.title, message: `${message}（与${shown}重复）` });
      marked++;
    }
  }
  return marked;
}
