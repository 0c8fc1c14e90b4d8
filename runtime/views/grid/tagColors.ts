/**
 * Colours of setTagColor tags: an option keeps the colour of its place among the column's options
 * (a dictionary lists them in a fixed order), a free tag the colour of its text — the same tag has
 * the same colour in every row.
 */
const TAG_COLORS = ['blue', 'green', 'orange', 'purple', 'cyan', 'magenta', 'gold', 'geekblue', 'volcano', 'lime'] as const;

export function optionTagColor(index: number): string {
  return TAG_COLORS[((index % TAG_COLORS.length) + TAG_COLORS.length) % TAG_COLORS.length];
}

export function textTagColor(text: string): string {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return optionTagColor(Math.abs(hash));
}
