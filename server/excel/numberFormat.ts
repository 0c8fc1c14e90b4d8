/**
 * Whether an Excel number format shows a date or time. A date cell is stored as a plain serial
 * number; only its format says it is a date (e.g. 'yyyy-mm-dd', 'm/d/yy', 'yyyy"年"m"月"d"日"').
 */
export function isDateFormat(format: string | undefined | null): boolean {
  if (!format) return false;
  const bare = format
    .replace(/"[^"]*"/g, '') // quoted literals
    .replace(/\\./g, '') // escaped characters
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, ''); // colours, locales, conditions — but not [h]:mm elapsed time
  if (/^general$/i.test(bare.trim())) return false;
  return /[ymdhs]/i.test(bare) || /\[[hms]+\]/i.test(bare);
}
