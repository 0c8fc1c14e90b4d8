/**
 * Turns a valid, consistent, current-version document into a CompiledPage: defaults applied, columns
 * and widgets derived, permission codes spelled out, every field reference replaced by its field object.
 * Assumes checkCrossReferences found nothing (every name it resolves exists).
 */
import type { CustomRowAction, ListColumn, PageDocument, PageField, QueryItem, RowAction, ToolbarAction } from '../generated/page';
import type {
  CompiledAction,
  CompiledDict,
  CompiledField,
  CompiledIndex,
  CompiledListColumn,
  CompiledPage,
  CompiledPermissions,
  CompiledQueryItem,
  CompiledRowAction,
} from './compiledPageTypes';
import {
  DEFAULT_PRECISION,
  DEFAULT_SCALE,
  DEFAULT_STRING_LENGTH,
  defaultPlaceholder,
  effectiveWidget,
  expressionDependencies,
  isSensitiveField,
  rowExpressionFields,
} from './fieldSemantics';
import { DEFAULT_PAGE_SIZE, ELLIPSIS_LENGTH, PAGE_SIZE_OPTIONS } from '../list/constants';
import { contentHash } from './hash';
import { DICT_TEXT_SUFFIX, camelToUnderline } from './naming';
import { COMMON_STANDARD_COLUMNS, TENANT_STANDARD_COLUMN, type StandardColumn } from '../contract/standardColumns';
import { ENTITY_ENDPOINTS } from '../contract/entityEndpoints';
import { pointer } from './schemaError';
import { compileWorkflow } from './compileWorkflow';
import { compileFormChildren } from './formChildren';
import { DEFAULT_CONFIRM_TITLE } from './results';

const DEFAULT_ELLIPSIS = ELLIPSIS_LENGTH;
/** The page header's search box hint when the document gives none (runtime/views/layout/PageHeader). */
const HEADER_SEARCH_PLACEHOLDER = '请输入搜索内容';
const DEFAULT_FORM_WIDTH = 800;
const ROW_ACTION_FORM_WIDTH = 600;
const ROW_ACTION_TABLE_WIDTH = 800;
const TREE_ROOT = '0';
/** The generic biz picker's dialog (widgets spec §2: 900 wide); the customer tree's tree height 350. */
const DEFAULT_PICKER_WIDTH = 900;
const DEFAULT_PICKER_TREE_HEIGHT = 350;
/**
 * The generic biz picker (JeecgBoot's JSelectBizComponentModal, widgets spec §9): pages of 5 with
 * 5/10/20/30 whatever its page size, and its ellipsisLength of 12. The other table pickers page like
 * the list.
 */
const BIZ_PICKER_PAGE_SIZE = 5;
const BIZ_PICKER_PAGE_SIZE_OPTIONS = [5, 10, 20, 30] as const;
const BIZ_PICKER_ELLIPSIS = 12;
const LIST_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** A card list's cards per row on a wide screen, and what it says with no row (`list.card`). */
export const DEFAULT_CARD_COLUMNS = 3;
export const DEFAULT_CARD_EMPTY_TEXT = '暂无数据';
const LIST_PAGE_SIZE_OPTIONS = PAGE_SIZE_OPTIONS;

/** Width of a master–detail drawer when the page does not say. */
const DEFAULT_DRAWER_WIDTH = 900;

const TOOLBAR_PERMISSION: Record<ToolbarAction, keyof CompiledPermissions> = {
  add: 'add',
  batchDelete: 'delete',
  export: 'exportXls',
  import: 'importExcel',
  templateDownload: 'importExcel',
  refreshCache: 'list',
  recycleBin: 'delete',
};
const ROW_PERMISSION: Record<RowAction, keyof CompiledPermissions> = { edit: 'edit', detail: 'list', delete: 'delete' };

function parseDict(dictCode: string): CompiledDict {
  const [table, textColumn, valueColumn] = dictCode.split(',');
  return textColumn === undefined
    ? { kind: 'code', dictCode }
    : { kind: 'table', dictCode, table, textColumn, valueColumn };
}

/**
 * The table dictionary a tree widget implies ('table,text,value'), so a treeSelect, categoryTree or
 * linkDown field is translated, validated and exported like any table-dictionary field: lists and
 * the detail view show the node's name, the server refuses a value that is not a node.
 */
function treeDictCode(field: PageField): string | undefined {
  const options = field.options;
  if (field.widget === 'treeSelect' && options?.treeSelect) return options.treeSelect.dictTable;
  if (field.widget === 'categoryTree' && options?.categoryTree) return 'sys_category,name,id';
  if (field.widget === 'linkDown' && options?.linkDown) {
    const { table, textColumn, valueColumn } = options.linkDown;
    return `${table},${textColumn},${valueColumn}`;
  }
  return undefined;
}

/** The generated map types allow undefined values; JSON never holds one. */
function definedEntries(map: Readonly<Record<string, string | undefined>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(map ?? {}).filter((e): e is [string, string] => e[1] !== undefined));
}

export function compileField(field: PageField, index: number): CompiledField {
  const widget = effectiveWidget(field);
  const numeric = field.type === 'number' || field.type === 'money';
  return {
    name: field.name,
    column: field.column ?? camelToUnderline(field.name),
    label: field.label,
    type: field.type,
    system: false,
    pointer: pointer('fields', index),
    ...(field.type === 'string' ? { length: field.length ?? DEFAULT_STRING_LENGTH } : {}),
    ...(numeric
      ? { precision: field.precision ?? DEFAULT_PRECISION, scale: field.scale ?? DEFAULT_SCALE[field.type] }
      : {}),
    required: field.required ?? false,
    unique: field.unique ?? false,
    // A computed field is never typed in: the form shows it, the server sets it.
    readOnly: (field.readOnly ?? false) || field.compute !== undefined,
    hidden: field.hidden ?? false,
    sensitive: isSensitiveField(field) || field.encrypted === true,
    encrypted: field.encrypted ?? false,
    stored: field.stored ?? true,
    ...(field.default === undefined ? {} : { default: field.default }),
    ...(field.compute === undefined
      ? {}
      : { compute: { expression: field.compute, dependencies: expressionDependencies(field.compute) } }),
    ...(field.dictCode ?? treeDictCode(field)
      ? { dict: parseDict((field.dictCode ?? treeDictCode(field)) as string), dictTextKey: `${field.name}${DICT_TEXT_SUFFIX}` }
      : {}),
    widget,
    options: field.options ?? {},
    rules: field.rules ?? [],
    placeholder: field.placeholder ?? defaultPlaceholder(widget, field.label),
    ...(field.description === undefined ? {} : { description: field.description }),
    ...(field.link === undefined ? {} : { link: { ...field.link } }),
    ...(field.addOnly ? { addOnly: true } : {}),
    ...(field.serverHook === undefined ? {} : { serverHook: field.serverHook }),
    ...(field.sameAs === undefined ? {} : { sameAs: field.sameAs }),
  };
}

/** A standard column (runtime/contract/standardColumns.ts) as the page sees it: read-only, its length the table's. */
function systemField(spec: StandardColumn): CompiledField {
  const widget = spec.type === 'datetime' ? 'datetime' : spec.type === 'integer' ? 'number' : 'input';
  return {
    name: spec.name,
    column: spec.column,
    label: spec.label,
    type: spec.type,
    system: true,
    pointer: '',
    ...(spec.length !== undefined ? { length: spec.length } : {}),
    required: false,
    unique: spec.primaryKey === true,
    readOnly: true,
    hidden: spec.hidden ?? false,
    sensitive: false,
    encrypted: false,
    stored: true,
    widget,
    options: {},
    rules: [],
    placeholder: defaultPlaceholder(widget, spec.label),
  };
}

/** Postgres identifiers stop at 63 characters; longer index names keep their start and a hash. */
function indexName(prefix: string, table: string, columns: readonly string[]): string {
  const name = `${prefix}_${table}_${columns.join('_')}`;
  return name.length <= 63 ? name : `${name.slice(0, 54)}_${contentHash(name).slice(0, 8)}`;
}

export function compilePage(doc: PageDocument, source: string, hash: string): CompiledPage {
  const { entity } = doc;
  // The next levels of a linkDown hold values of the same table: they are translated like the first.
  const linkLevels = new Map(
    doc.fields.flatMap((f) => (f.widget === 'linkDown' && f.options?.linkDown ? f.options.linkDown.linkFields.map((name) => [name, f.options!.linkDown!] as const) : [])),
  );
  const declared = doc.fields.map((f, i) => {
    const level = linkLevels.get(f.name);
    const compiled = compileField(f, i);
    if (!level || compiled.dict) return compiled;
    return { ...compiled, dict: parseDict(`${level.table},${level.textColumn},${level.valueColumn}`), dictTextKey: `${f.name}${DICT_TEXT_SUFFIX}` };
  });
  // Form-only fields (the human check) have no column: everything but the form works on stored fields.
  const fields = declared.filter((f) => f.stored);
  const systemFields = [...COMMON_STANDARD_COLUMNS, ...(entity.tenantScoped ? [TENANT_STANDARD_COLUMN] : [])].map(systemField);
  const fieldByName = new Map<string, CompiledField>([...systemFields, ...declared].map((f) => [f.name, f]));
  const field = (name: string): CompiledField => {
    const found = fieldByName.get(name);
    // Unreachable after checkCrossReferences; a throw here is caught by loadPageSchema as a defect.
    if (!found) throw new Error(`compilePage: unknown field ${name} (cross-reference check skipped?)`);
    return found;
  };

  const prefix = entity.permissionPrefix;
  const permissions: CompiledPermissions = {
    add: `${prefix}:add`,
    edit: `${prefix}:edit`,
    delete: `${prefix}:delete`,
    exportXls: `${prefix}:exportXls`,
    importExcel: `${prefix}:importExcel`,
    list: `${prefix}:list`,
  };

  // Defaults as an object, not a number: `columns.map(column)` would pass the index as the ellipsis.
  const column = (spec: ListColumn, defaults: { ellipsis: number } = { ellipsis: DEFAULT_ELLIPSIS }): CompiledListColumn => {
    const target = field(spec.field);
    const format = spec.format ?? (target.dict ? 'dictText' : undefined);
    return {
      field: target,
      dataIndex: format === 'dictText' ? `${target.name}${DICT_TEXT_SUFFIX}` : target.name,
      title: spec.title ?? target.label,
      ...(spec.width === undefined ? {} : { width: spec.width }),
      ellipsis: spec.ellipsis ?? defaults.ellipsis,
      align: spec.align ?? 'center',
      ...(format === undefined ? {} : { format }),
      sortable: spec.sortable ?? false,
      ...(spec.emptyText === undefined ? {} : { emptyText: spec.emptyText }),
    };
  };
  const queryItem = (spec: QueryItem): CompiledQueryItem => ({
    field: field(spec.field),
    mode: spec.mode,
    label: spec.label ?? field(spec.field).label,
    advanced: spec.advanced ?? false,
    params: spec.mode === 'range' ? [`${spec.field}_begin`, `${spec.field}_end`] : [spec.field],
  });
  const action = <A extends string>(name: A, key: keyof CompiledPermissions): CompiledAction<A> => ({
    action: name,
    permission: permissions[key],
  });

  const apiPath = entity.apiPath ?? `/${entity.module}/${entity.name}`;
  const customRowAction = (spec: CustomRowAction, index: number): CompiledRowAction => {
    const shared = {
      key: spec.key,
      title: spec.title,
      ...(spec.visibleWhen === undefined ? {} : { visibleWhen: spec.visibleWhen }),
      dependencies: spec.visibleWhen === undefined ? [] : rowExpressionFields(spec.visibleWhen),
      permission: spec.permission ?? `${prefix}:${spec.key}`,
    };
    if (spec.view !== undefined) return { action: 'view', ...shared, view: spec.view };
    if (spec.add) {
      return {
        action: 'add',
        ...shared,
        permission: spec.permission ?? permissions.add,
        rowValues: definedEntries(spec.add.rowValues),
        values: definedEntries(spec.add.values),
      };
    }
    if (spec.drawer) {
      return {
        action: 'drawer',
        ...shared,
        page: spec.drawer.page,
        drawerTitle: spec.drawer.title ?? spec.title,
        width: spec.drawer.width ?? DEFAULT_DRAWER_WIDTH,
        filter: Object.fromEntries(Object.entries(spec.drawer.filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
      };
    }
    return {
      action: 'custom',
      ...shared,
      url: `${apiPath}/${spec.endpoint ?? spec.key}`,
      method: spec.method ?? (spec.form ? 'post' : 'get'),
      ...(spec.confirm === undefined ? {} : { confirm: spec.confirm }),
      idParam: spec.idParam ?? 'id',
      params: definedEntries(spec.params),
      rowParams: definedEntries(spec.rowParams),
      ...(spec.input ? { input: { title: spec.input.title ?? spec.title, label: spec.input.label, param: spec.input.param } } : {}),
      ...(spec.form === undefined
        ? {}
        : {
            form: {
              title: spec.form.title ?? spec.title,
              width: spec.form.width ?? ROW_ACTION_FORM_WIDTH,
              columns: spec.form.columns ?? 1,
              fields: spec.form.fields.map((f, i) => ({ ...compileField(f, i), pointer: pointer('list', 'rowActions', index, 'form', 'fields', i) })),
            },
          }),
      ...(spec.table === undefined
        ? {}
        : { table: { title: spec.table.title ?? spec.title, width: spec.table.width ?? ROW_ACTION_TABLE_WIDTH, columns: spec.table.columns } }),
    };
  };

  const workflow = compileWorkflow(doc, apiPath, field, compileField);
  // The state moves by transitions only: the form shows it, nobody types it (the server holds to that too).
  const formField = (name: string): CompiledField => (workflow && name === workflow.field.name ? workflow.field : field(name));
  const steps = doc.form.steps
    ? {
        items: doc.form.steps.items.map((step) => ({
          title: step.title,
          ...(step.description === undefined ? {} : { description: step.description }),
          fields: step.fields.map(formField),
        })),
        confirmTitle: doc.form.steps.confirmTitle ?? DEFAULT_CONFIRM_TITLE,
        ...(doc.form.steps.result === undefined ? {} : { result: doc.form.steps.result }),
      }
    : undefined;
  // A form in steps is laid out as one group per step: everything reading the groups sees every field.
  const groups = steps
    ? steps.items.map((step) => ({ title: step.title, fields: step.fields }))
    : doc.form.groups
      ? doc.form.groups.map((group) => ({ title: group.title, fields: group.fields.map(formField) }))
      : [{ fields: (doc.form.fields ?? doc.fields.map((f) => f.name)).map(formField) }];
  const formColumns = doc.form.columns ?? 1;
  const formFields = groups.flatMap((group) => group.fields);

  const explicitIndexes: CompiledIndex[] = (doc.indexes ?? []).map((index) => {
    const indexFields = index.fields.map(field);
    const columns = indexFields.map((f) => f.column);
    const unique = index.unique ?? false;
    return { name: indexName(unique ? 'uniq' : 'idx', entity.table, columns), fields: indexFields, columns, unique, ...(index.message ? { message: index.message } : {}) };
  });
  const uniqueFieldIndexes: CompiledIndex[] = fields
    .filter((f) => f.unique)
    .filter((f) => !explicitIndexes.some((i) => i.unique && i.columns.length === 1 && i.columns[0] === f.column))
    .map((f) => ({ name: indexName('uniq', entity.table, [f.column]), fields: [f], columns: [f.column], unique: true }));

  const tree = entity.tree;
  const biz = doc.picker?.biz ?? false;
  const pickerEllipsis = biz ? BIZ_PICKER_ELLIPSIS : DEFAULT_ELLIPSIS;
  const pickerPageSize = doc.picker?.pageSize ?? (biz ? BIZ_PICKER_PAGE_SIZE : LIST_PAGE_SIZE);
  return {
    source,
    hash,
    schemaVersion: doc.schemaVersion,
    document: doc,
    entity: {
      name: entity.name,
      module: entity.module,
      title: entity.title,
      table: entity.table,
      permissionPrefix: prefix,
      tenantScoped: entity.tenantScoped ?? false,
      readOnly: entity.readOnly ?? false,
      ...(entity.server ? { server: entity.server } : {}),
      apiPath,
      recycleBin: { endpoints: entity.recycleBin?.endpoints ?? 'perRow', idsParam: entity.recycleBin?.idsParam ?? 'ids' },
      scopes: Object.fromEntries(Object.entries(entity.scopes ?? {}).flatMap(([name, c]) => (c ? [[name, c]] : []))),
      ...(entity.scopedBy ? {
            scopedBy: {
              page: entity.scopedBy.page,
              field: field(entity.scopedBy.field),
              ...(entity.scopedBy.unlessPermission ? { unlessPermission: entity.scopedBy.unlessPermission } : {}),
            },
          } : {}),
      ...(tree
        ? {
            tree: {
              parentField: field(tree.parentField),
              ...(tree.hasChildField ? { hasChildField: field(tree.hasChildField) } : {}),
              rootValue: tree.rootValue ?? TREE_ROOT,
              ...(tree.cascade
                ? {
                    cascade: {
                      levelField: field(tree.cascade.levelField),
                      nameField: field(tree.cascade.nameField),
                      levels: tree.cascade.levels,
                      mapUrl: `/${entity.module}/${entity.name}/${tree.cascade.mapEndpoint ?? ENTITY_ENDPOINTS.childList}`,
                      levelUrls: (tree.cascade.levelEndpoints ?? []).map((spec) => ({ level: spec.level, url: `/${entity.module}/${entity.name}/${spec.endpoint}` })),
                    },
                  }
                : {}),
            },
          }
        : {}),
    },
    fields,
    systemFields,
    fieldByName,
    permissions,
    list: {
      columns: doc.list.columns.map((spec) => column(spec)),
      query: (doc.list.query ?? []).map(queryItem),
      defaultSort: doc.list.defaultSort
        ? { field: field(doc.list.defaultSort.field), order: doc.list.defaultSort.order }
        : { field: field('createTime'), order: 'desc' },
      toolbar: doc.list.toolbar.map((name) => action(name, TOOLBAR_PERMISSION[name])),
      rowActions: [
        ...doc.list.rowActions.map((spec, i): CompiledRowAction =>
          typeof spec === 'string' ? action(spec, ROW_PERMISSION[spec]) : customRowAction(spec, i),
        ),
        // Each transition a user runs is a row link on the rows in its from-states.
        ...(workflow?.transitions.flatMap((t) => (t.rowAction ? [t.rowAction] : [])) ?? []),
      ],
      pageSize: doc.list.pageSize ?? LIST_PAGE_SIZE,
      pageSizeOptions: LIST_PAGE_SIZE_OPTIONS,
      rowSelection: doc.list.rowSelection ?? true,
      ...(doc.list.compare
        ? {
            compare: {
              title: doc.list.compare.title ?? '数据比较',
              url: `${apiPath}/${doc.list.compare.endpoint ?? 'queryCompareList'}`,
              contentField: doc.list.compare.contentField ?? 'dataContent',
              versionField: doc.list.compare.versionField ?? 'dataVersion',
              permission: doc.list.compare.permission ?? permissions.list,
            },
          }
        : {}),
      wholeTree: doc.list.wholeTree ?? false,
      display: doc.list.display ?? 'table',
      ...(doc.list.card
        ? {
            card: {
              title: column({ field: doc.list.card.title }, { ellipsis: 0 }),
              ...(doc.list.card.description ? { description: column({ field: doc.list.card.description }, { ellipsis: 0 }) } : {}),
              ...(doc.list.card.avatar ? { avatar: column({ field: doc.list.card.avatar }, { ellipsis: 0 }) } : {}),
              extra: (doc.list.card.extra ?? []).map((name) => column({ field: name }, { ellipsis: 0 })),
              columns: doc.list.card.columns ?? DEFAULT_CARD_COLUMNS,
              emptyText: doc.list.card.emptyText ?? DEFAULT_CARD_EMPTY_TEXT,
            },
          }
        : {}),
    },
    form: {
      columns: formColumns,
      width: doc.form.width ?? DEFAULT_FORM_WIDTH,
      groups,
      fields: formFields,
      linkage: (doc.form.linkage ?? []).map((rule, i) => ({
        pointer: `/form/linkage/${i}`,
        when: rule.when,
        target: field(rule.target),
        set: rule.set,
        dependencies: [
          ...new Set([rule.when, ...Object.values(rule.set)].flatMap((e) => expressionDependencies(e ?? ''))),
        ],
      })),
      actions: (doc.form.actions ?? []).map((spec) => ({
        key: spec.key,
        title: spec.title,
        url: `${apiPath}/${spec.endpoint ?? spec.key}`,
        permission: spec.permission ?? `${prefix}:${spec.key}`,
      })),
      children: compileFormChildren(doc),
      ...(steps ? { steps } : {}),
    },
    detail: {
      columns: doc.detail?.columns ?? formColumns,
      fields: doc.detail?.fields ? doc.detail.fields.map(field) : formFields.filter((f) => f.stored),
    },
    views: (doc.views ?? []).map((view) => ({
      key: view.key,
      title: view.title,
      filter: view.filter,
      ...(view.permission === undefined ? {} : { permission: view.permission }),
    })),
    ...(doc.header
      ? {
          header: {
            title: entity.title,
            ...(doc.header.description === undefined ? {} : { description: doc.header.description }),
            ...(doc.header.search
              ? { search: { field: field(doc.header.search.field), placeholder: doc.header.search.placeholder ?? HEADER_SEARCH_PLACEHOLDER } }
              : {}),
            tabs: (doc.header.tabs ?? []).map((tab) => ({
              key: tab.key,
              title: tab.title,
              filter: Object.entries(tab.filter ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [{ field: field(name), value }])),
            })),
          },
        }
      : {}),
    ...(doc.picker
      ? {
          picker: {
            columns: doc.picker.columns.map((spec) => column(spec, { ellipsis: pickerEllipsis })),
            query: (doc.picker.query ?? []).map(queryItem),
            valueField: field(doc.picker.valueField),
            textField: field(doc.picker.textField),
            multiple: doc.picker.multiple ?? false,
            title: doc.picker.title ?? `${entity.title}选择`,
            width: doc.picker.width ?? DEFAULT_PICKER_WIDTH,
            ...(doc.picker.placeholder === undefined ? {} : { placeholder: doc.picker.placeholder }),
            biz,
            pageSize: pickerPageSize,
            pageSizeOptions: biz || pickerPageSize === 5 ? BIZ_PICKER_PAGE_SIZE_OPTIONS : LIST_PAGE_SIZE_OPTIONS,
            showSelected: doc.picker.showSelected ?? biz,
            ellipsis: pickerEllipsis,
            listUrl: `${apiPath}/${doc.picker.list ?? 'list'}`,
            ...(doc.picker.tree
              ? {
                  tree: {
                    loadUrl: `${apiPath}/${doc.picker.tree.load}`,
                    ...(doc.picker.tree.search ? { searchUrl: `${apiPath}/${doc.picker.tree.search}` } : {}),
                    searchFields: (doc.picker.tree.searchFields ?? [doc.picker.textField]).map(field),
                    searchPlaceholder: doc.picker.tree.searchPlaceholder ?? `请输入${entity.title}名称，按回车搜索`,
                    height: doc.picker.tree.height ?? DEFAULT_PICKER_TREE_HEIGHT,
                    linkSwitch: doc.picker.tree.linkSwitch ?? true,
                  },
                }
              : {}),
          },
        }
      : {}),
    indexes: [...explicitIndexes, ...uniqueFieldIndexes],
    ...(workflow ? { workflow } : {}),
  };
}
