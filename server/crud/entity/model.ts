import type { CompiledField, CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import type { EntityFields, ListQueryOptions } from '../query';
import { listIndexes } from '../ddl/listIndexes';
import { listShapeOf } from '../pages';

/**
 * What generic CRUD needs of a page, derived once at start: the query field map, the fields a client
 * may write, the unique and dictionary fields, and how the table is scoped. Column names here come
 * from the compiled page (our own files), never from a request.
 */
export interface EntityModel {
  page: CompiledPage;
  table: string;
  title: string;
  /** Every field a record carries: system fields first, then the declared ones. */
  fields: readonly CompiledField[];
  /** Declared fields the client writes (read-only and tree-maintained fields excluded). */
  writable: readonly CompiledField[];
  unique: readonly CompiledField[];
  withDict: readonly CompiledField[];
  queryFields: EntityFields;
  listOptions: ListQueryOptions;
  tenantScoped: boolean;
  /** The table marks deleted rows in `del_flag` (a system table) instead of deleting them: such rows count for nothing. */
  softDeleted: boolean;
  /** Many-to-many fields: no column, their keys live in a link table (server/crud/entity/links.ts). */
  links: readonly CompiledField[];
  /** System columns the table really has (a page over a system table may lack some). */
  hasColumn: (column: string) => boolean;
  tree?: {
    parent: CompiledField;
    /** The declared has-child field, kept up to date by the server; absent → computed when read. */
    hasChild?: CompiledField;
    rootValue: string;
    /** Stored has-child values: 'Y'/'N' when the field uses the yn dictionary or defaults to 'N', else '1'/'0'. */
    yes: string;
    no: string;
  };
}

function hasChildValues(field: CompiledField | undefined): { yes: string; no: string } {
  if (field && (field.dict?.dictCode === 'yn' || field.default === 'N')) return { yes: 'Y', no: 'N' };
  return { yes: '1', no: '0' };
}

/**
 * Columns with a GIN index over their characters: derived from the page's list exactly as the DDL
 * derives it (ddl/listIndexes.ts) for a table we create; a system table keeps the indexes of its
 * migrations, so none there.
 */
function charIndexedColumns(page: CompiledPage, fields: readonly CompiledField[]): Set<string> {
  const known = new Set(fields.filter((f) => !f.link).map((f) => f.column));
  return new Set(listIndexes(listShapeOf(page), known).filter((index) => index.method === 'chars').flatMap((index) => index.columns));
}

/** Builds the model; `tableColumns` are the columns of a system table (undefined: a table we create with every standard column). */
export function entityModel(page: CompiledPage, tableColumns?: ReadonlySet<string>): EntityModel {
  const fields = [...page.systemFields, ...page.fields];
  const tree = page.entity.tree;
  const treeMaintained = new Set(tree?.hasChildField ? [tree.hasChildField.name] : []);
  // A link field has no column to filter or sort by; a secret kept encrypted is never filtered or
  // sorted on: its stored text says nothing.
  const charIndexed = tableColumns ? new Set<string>() : charIndexedColumns(page, fields);
  const queryFields = new Map(
    fields.filter((f) => !f.link && !f.encrypted).map((f) => [
      f.name,
      {
        column: f.column,
        kind: f.type,
        sortable: true,
        dictText: f.dict !== undefined,
        label: f.label,
        ...(charIndexed.has(f.column) ? { charIndex: true } : {}),
      },
    ]),
  );
  const { field, order } = page.list.defaultSort;
  return {
    page,
    table: page.entity.table,
    title: page.entity.title,
    fields,
    writable: page.fields.filter((f) => !f.readOnly && !treeMaintained.has(f.name)),
    unique: page.fields.filter((f) => f.unique),
    withDict: fields.filter((f) => f.dict !== undefined),
    queryFields,
    listOptions: { defaultSort: [{ field: field.name, direction: order }] },
    tenantScoped: page.entity.tenantScoped,
    softDeleted: tableColumns ? tableColumns.has('del_flag') : fields.some((f) => f.column === 'del_flag'),
    links: page.fields.filter((f) => f.link !== undefined),
    hasColumn: (column) => (tableColumns ? tableColumns.has(column) : true),
    ...(tree
      ? {
          tree: {
            parent: tree.parentField,
            ...(tree.hasChildField ? { hasChild: tree.hasChildField } : {}),
            rootValue: tree.rootValue,
            ...hasChildValues(tree.hasChildField),
          },
        }
      : {}),
  };
}

/** Several values in one field (comma-joined): the same reading as the rules' min/max counting choices. */
export { isMultiValued } from '../../../runtime/validation';
