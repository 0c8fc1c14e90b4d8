/**
 * The tags cell (spec §4): a semicolon after each two characters, so 'abcdef' reads 'ab;cd;ef'.
 * Characters are counted as the user sees them (a Chinese character is one). No semicolon after
 * the last pair: with one there, a backspace would delete only the semicolon and reformatting
 * would put it straight back, trapping the cursor.
 */
export function formatTags(text: string): string {
  return tagsOf(text).join(';');
}

/** The tags of a cell value, for rendering. */
export function tagsOf(text: string): string[] {
  const chars = [...text.replace(/[;\s]/g, '')];
  const tags: string[] = [];
  for (let i = 0; i < chars.length; i += 2) tags.push(chars.slice(i, i + 2).join(''));
  return tags;
}
