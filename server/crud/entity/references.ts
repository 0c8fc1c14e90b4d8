import type { CompiledField, CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { areaPageOf } from '../../../runtime/schema/fieldSemantics';
import { isMultiValued, type EntityModel } from './model';

/**
 * Which fields of which pages hold the keys of a page's rows, read once from the compiled page
 * documents: a table dictionary over the page's table ('table,text,code', tree widgets included),
 * a `picker` field naming the page (its picker's valueField), and the `area` widget, whose values are
 * ids of the page its options.area.page names (default maintenance/area). A row whose key such a
 * field holds may not be deleted, nor its key changed:
 * the holder would show the bare key from then on (server/crud/entity/referenceGuard.ts).
 *
 *   const graph = new ReferenceGraph(models);
 *   graph.to(insurerPage)   // → 案件.insurerCode (company_code), 案件.coinsurerCodes (company_code, several), …
 */

/** A field that stores keys of another page's rows (or of its own page's). */
export interface Reference {
  /** The page whose rows hold the keys. */
  holder: EntityModel;
  field: CompiledField;
  /** The column of the referenced page whose values the field stores. */
  keyColumn: string;
  /** Several comma-joined keys in one value (multi-selects, pickers). */
  multiple: boolean;
  /** The referenced page's column a table dictionary over it shows (a name people know the row by). */
  textColumn?: string;
}

interface Target {
  page: CompiledPage;
  keyColumn: string;
  multiple: boolean;
  textColumn?: string;
}

export class ReferenceGraph {
  private readonly byTable = new Map<string, Reference[]>();

  constructor(models: readonly EntityModel[]) {
    const byTable = new Map(models.map((m) => [m.table, m.page]));
    const byRef = new Map(models.map((m) => [`${m.page.entity.module}/${m.page.entity.name}`, m.page]));

    const targetOf = (field: CompiledField): Target | undefined => {
      const dict = field.dict;
      if (dict?.kind === 'table') {
        const page = byTable.get(dict.table);
        return page && { page, keyColumn: dict.valueColumn, multiple: isMultiValued(field), textColumn: dict.textColumn };
      }
      if (dict) return undefined;
      if (field.widget === 'picker') {
        const ref = field.options.picker?.page;
        const page = ref === undefined ? undefined : byRef.get(ref);
        // A picker stores the picked rows' keys comma-joined, a single picker too (the customer tree).
        return page?.picker && { page, keyColumn: page.picker.valueField.column, multiple: true };
      }
      if (field.widget === 'area') {
        // The cascader stores ids of the page its options name (default maintenance/area).
        const page = byRef.get(areaPageOf(field.options));
        return page && { page, keyColumn: 'id', multiple: false };
      }
      return undefined;
    };

    for (const holder of models) {
      const parent = holder.page.entity.tree?.parentField.name;
      for (const field of holder.page.fields) {
        // A link field's keys live in its link table, whose foreign keys guard them.
        if (field.link) continue;
        const target = targetOf(field);
        if (!target) continue;
        // A tree's parent field is its own: a node with children is refused by the tree check.
        if (target.page === holder.page && field.name === parent) continue;
        const { page, ...rest } = target;
        const list = this.byTable.get(page.entity.table) ?? [];
        list.push({ holder, field, ...rest });
        this.byTable.set(page.entity.table, list);
      }
    }
  }

  /** Every field that holds keys of this page's rows, in page order. */
  to(page: CompiledPage): readonly Reference[] {
    return this.byTable.get(page.entity.table) ?? [];
  }
}
