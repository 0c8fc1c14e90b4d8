import { excelMessages } from './messages';
import type { ExcelColumn, ImportRow, ImportValue } from './types';

function duplicateKey(value: ImportValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/**
 * Marks rows of one file that repeat a value of a unique column. Every occurrence gets the error
 * with the other rows' numbers, so the user sees each pair wherever they look.
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
    const numbers = same.map((r) => r.rowNumber);
    for (const row of same) {
      // Only the first few are named; a value repeated ten thousand times must stay cheap.
      const others: number[] = [];
      for (const n of numbers) {
        if (n !== row.rowNumber) others.push(n);
        if (others.length > 5) break;
      }
      const shown =
        others.length > 5 ? `${others.slice(0, 5).join('、')}等${same.length - 1}行` : `${others.join('、')}行`;
      row.errors.push({ column: column.title, message: `${message}（与第${shown}重复）` });
      marked++;
    }
  }
  return marked;
}
