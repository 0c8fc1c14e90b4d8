/**
 * The cascading selects of linkDown as plain data: level 0 is the widget's own field, the next
 * levels are options.linkDown.linkFields; each level offers the children of the level above
 * (level 0: the children of pidValue). Changing a level clears every level below it.
 */

/** Parent value of the first level when the page gives none (JeecgBoot's root pid). */
export const LINK_DOWN_ROOT = '0';

export interface LinkDownLevels {
  /** Field names, top first: [own field, ...linkFields]. */
  fields: readonly string[];
  /** Current value of each level ('' when empty). */
  values: readonly string[];
}

/** The parent whose children level `index` offers; undefined when the level above is still empty. */
export function parentOfLevel(levels: LinkDownLevels, index: number, rootValue: string = LINK_DOWN_ROOT): string | undefined {
  if (index === 0) return rootValue;
  const above = levels.values[index - 1] ?? '';
  return above === '' ? undefined : above;
}

/** Every level's value after level `index` becomes `value`: the levels below are cleared. */
export function changeLevel(levels: LinkDownLevels, index: number, value: string): string[] {
  return levels.fields.map((_, i) => (i < index ? (levels.values[i] ?? '') : i === index ? value : ''));
}
