/**
 * Money as every screen shows it (widgets spec §9): ',' thousands and 2 decimals — list cells,
 * details, report figures, 首页's cards. Text that is not a number stays as it is.
 */
export function formatMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  if (!Number.isFinite(number)) return String(value);
  return number.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
