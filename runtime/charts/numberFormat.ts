/** Chinese number formats for charts: grouped figures in tooltips, 万 / 亿 on value axes. */

const figure = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** A row's value as a number for the chart: numbers and numeric text; anything else is 0. */
export function chartNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

/** 1234567.891 → 1,234,567.89 */
export function formatFigure(value: unknown): string {
  return figure.format(chartNumber(value));
}

const trim = (n: number) => String(Number(n.toFixed(2)));

/** Value-axis labels: 8500 → 8,500; 125000 → 12.5万; 360000000 → 3.6亿 (short enough for a fixed axis width). */
export function formatAxisValue(value: number): string {
  const size = Math.abs(value);
  if (size >= 1e8) return `${trim(value / 1e8)}亿`;
  if (size >= 1e4) return `${trim(value / 1e4)}万`;
  return figure.format(value);
}
