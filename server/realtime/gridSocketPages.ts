import { gridPageId } from '../../runtime/grid/gridPage';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';

/**
 * The page ids a grid socket may open, each with the permission its rows need: the list code of
 * a page with a grid section. A socket hears the rows every save of its page sends, so it asks
 * what the page's list asks.
 */
export function gridSocketPages(pages: readonly CompiledPage[]): ReadonlyMap<string, string> {
  return new Map(pages.filter((page) => page.document.grid).map((page) => [gridPageId(page.entity.module, page.entity.name), page.permissions.list]));
}
