/** What a number cell may hold while typing: optional minus, digits, an optional decimal part. */
const NUMERIC_TEXT = /^-?\d*(?:\.\d*)?$/;

/**
 * The text a number cell shows after a keystroke (spec §5): the new text when it is still a
 * number being typed ('-', '12.', '-0.5'), otherwise the previous text — the keystroke is undone.
 */
export function acceptNumericInput(previous: string, next: string): string {
  return NUMERIC_TEXT.test(next) ? next : previous;
}

/** The value on blur: a number, or '' (empty) when nothing numeric was typed ('', '-', '.', '-.'). */
export function numericValueOnBlur(text: string): number | '' {
  if (!NUMERIC_TEXT.test(text) || !/\d/.test(text)) return '';
  const value = Number(text);
  return Number.isFinite(value) ? value : '';
}

/** The text a number cell starts editing with. */
export function numericText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) return value.trim();
  return '';
}
