/**
 * What loadPageSchema hands to renderers and the server: the document with every default applied and
 * every field reference resolved to its field object, so nobody looks a field up or re-derives a default
 * again. The document types themselves are generated from schemas/meta/page.schema.json.
 */
import type { CompiledFormChild } from './formChildren';
import type {
  CustomRowAction2,
  RowCondition,
  FieldDefault,
  FieldOptions,
  FieldRule,
  FieldType,
  FieldWidget,
  LinkageEffects,
  PageDocument,
  QueryMode,
  RowAction,
  ToolbarAction,
} from '../generated/page';
import type { SchemaError } from './schemaError';

/** A dictionary binding: a dictionary code, or a table dictionary 'table,text,code'. */
export type CompiledDict =
  | { kind: 'code'; dictCode: string }
  | { kind: 'table'; dictCode: string; table: string; textColumn: string; valueColumn: string };

export interface CompiledField {
  name: string;
  /** SQL column (declared, or the name in snake_case). */
  column: string;
  label: string;
  type: FieldType;
  /** An implicit column every entity has (id, createBy, createTime, updateBy, updateTime, sysOrgCode, tenantId). */
  system: boolean;
  /** Where the field is declared ('/fields/3'); '' for system fields. */
  pointer: string;
  /** varchar length (string only; default 255). */
  length?: number;
  /** Total and decimal digits (number: 16,4; money: 16,2). */
  precision?: number;
  scale?: number;
  required: boolean;
  unique: boolean;
  readOnly: boolean;
  hidden: boolean;
  /** A secret or personal identifier (page language `sensitive`): never a table dictionary's text or value. */
  sensitive: boolean;
  /** Kept encrypted at rest and never answered (page language `encrypted`); a blank edit keeps it. */
  encrypted: boolean;
  /**
   * false: a form-only field (the sliderCheck human check) — no column, never sent to the server,
   * absent from `CompiledPage.fields`; only the form (and fieldByName) holds it.
   */
  stored: boolean;
  default?: FieldDefault;
  /**
   * A value computed from the record (`compute`): the server sets it on every write, the form
   * recomputes it from `dependencies` (the fields the expression reads). Such a field is readOnly.
   */
  compute?: { expression: string; dependencies: readonly string[] };
  dict?: CompiledDict;
  /** Key of the record property carrying the dictionary text (`<name>_dictText`), when there is a dictionary. */
  dictTextKey?: string;
  /** The control, declared or derived from dictionary and type. */
  widget: FieldWidget;
  options: FieldOptions;
  rules: readonly FieldRule[];
  /** Declared, or 请输入<label> / 请选择<label> by widget. */
  placeholder: string;
  description?: string;
  /** A many-to-many link (page language `link`): no column of its own, the keys live in the link table. */
  link?: { table: string; ownerColumn: string; valueColumn: string };
  /** Given only when adding (a password): not on the edit form, never read back by list, queryById, detail or export. */
  addOnly?: boolean;
  /** A named server transform applied before the value is stored (server/crud/entity/fieldHooks.ts). */
  serverHook?: 'passwordHash';
  /** A form-only confirmation that must equal this field (确认密码). */
  sameAs?: string;
}

export interface CompiledListColumn {
  field: CompiledField;
  /** Record property the cell shows: the field name, or `<name>_dictText` for dictionary text. */
  dataIndex: string;
  title: string;
  width?: number;
  /** Characters before the cell text is cut; 0 = never (default 25). */
  ellipsis: number;
  align: 'left' | 'center' | 'right';
  format?: 'date' | 'datetime' | 'money' | 'percent' | 'dictText' | 'bytes' | 'duration';
  sortable: boolean;
  /** Shown when the cell's text is empty (display only). */
  emptyText?: string;
}

export interface CompiledQueryItem {
  field: CompiledField;
  mode: QueryMode;
  label: string;
  /** Shown only when the query bar is expanded. */
  advanced: boolean;
  /** Request parameters it fills: [name], or [name_begin, name_end] for range. */
  params: readonly string[];
}

export interface CompiledAction<A extends string> {
  action: A;
  /** Permission code the user must hold to see it and the server requires, e.g. expert:add. */
  permission: string;
}

/**
 * A custom row link (list.rowActions object): calls `url` with the row's id after the optional
 * confirmation, on the rows where `visibleWhen` holds.
 */
export interface CompiledCustomRowAction {
  action: 'custom';
  key: string;
  title: string;
  /** The endpoint under the entity's API path, e.g. '/sys/quartzJob/pause'. */
  url: string;
  method: 'get' | 'post' | 'put';
  /** Question asked before the call; absent = no question. */
  confirm?: string;
  /** Safe expression over `$row`; absent = every row. */
  visibleWhen?: string;
  /** Row fields the expression reads ($row.<name>). */
  dependencies: readonly string[];
  permission: string;
  /** A test box: a dialog with one input sent as `param` beside the id; the answer is shown in the dialog. */
  input?: { title: string; label: string; param: string };
  /** A form asked for first; its values go with the id in the body. */
  form?: CompiledRowActionForm;
  /** The answer shown as a table instead of a message. */
  table?: CompiledRowActionTable;
  /** Name of the parameter carrying the row's id (default 'id'; JeecgBoot's frozenBatch takes ids). */
  idParam: string;
  /** Constant parameters sent besides the id. */
  params: Readonly<Record<string, string>>;
  /** Parameters filled from the row: parameter name → row field. */
  rowParams: Readonly<Record<string, string>>;
  /** The workflow transition this link runs (derived from `workflow`, never declared in list.rowActions). */
  transition?: string;
}

/** The small form a row action opens (list.rowActions[].form): fields of its own, no columns. */
export interface CompiledRowActionForm {
  title: string;
  width: number;
  columns: 1 | 2 | 3 | 4;
  fields: readonly CompiledField[];
}

/** The table a row action shows its answer in (list.rowActions[].table). */
export interface CompiledRowActionTable {
  title: string;
  width: number;
  columns: readonly { key: string; title: string; width?: number }[];
}

/** A row link opening a view registered in the runtime (runtime/views/rowViews) for the row. */
export interface CompiledViewRowAction {
  action: 'view';
  key: string;
  title: string;
  /** Name of the registered view, e.g. rolePermission (a tree node's button names one of the same). */
  view: NonNullable<CustomRowAction2['view']>;
  visibleWhen?: string;
  dependencies: readonly string[];
  permission: string;
}

/**
 * A row link opening a drawer with another page's list limited to the row (master–detail): the
 * detail list asks `?<detail field>=<row value>` for each filter entry, and adds records with them.
 */
export interface CompiledDrawerRowAction {
  action: 'drawer';
  key: string;
  title: string;
  /** The detail page, '<module>/<name>' (host.pages.load). */
  page: string;
  /** Drawer title; `{field}` is replaced by the row's value. */
  drawerTitle: string;
  width: number;
  /** Detail field → master field. */
  filter: Readonly<Record<string, string>>;
  visibleWhen?: string;
  dependencies: readonly string[];
  permission: string;
}

/** A row link opening the page's add form with values taken from the row (菜单管理's 添加下级). */
export interface CompiledAddRowAction {
  action: 'add';
  key: string;
  title: string;
  /** New record's field → the row field it takes its value from. */
  rowValues: Readonly<Record<string, string>>;
  /** New record's field → a constant stored value. */
  values: Readonly<Record<string, string>>;
  visibleWhen?: string;
  dependencies: readonly string[];
  permission: string;
}

/** A built-in row action (edit, detail, delete), one calling an endpoint, opening a view, a drawer or a prefilled add form. */
export type CompiledRowAction = CompiledAction<RowAction> | CompiledCustomRowAction | CompiledViewRowAction | CompiledDrawerRowAction | CompiledAddRowAction;

export interface CompiledList {
  columns: readonly CompiledListColumn[];
  query: readonly CompiledQueryItem[];
  defaultSort: { field: CompiledField; order: 'asc' | 'desc' };
  toolbar: readonly CompiledAction<ToolbarAction>[];
  rowActions: readonly CompiledRowAction[];
  pageSize: 10 | 20 | 30;
  pageSizeOptions: readonly [10, 20, 30];
  rowSelection: boolean;
  /** The list endpoint answers the whole tree (rows with `children`): a tree table, no paging. */
  wholeTree: boolean;
  /** The 数据比较 button (`list.compare`): two checked rows compared side by side. */
  compare?: CompiledCompare;
  /** `table`, or `cards`: one card per row laid out by `card` (same query, paging and actions). */
  display: 'table' | 'cards';
  card?: CompiledCard;
}

/** `list.card` with its defaults: the card's parts as list columns, so they read and format like cells. */
export interface CompiledCard {
  title: CompiledListColumn;
  description?: CompiledListColumn;
  /** An `image` field; absent: a round avatar with the title's first character. */
  avatar?: CompiledListColumn;
  extra: readonly CompiledListColumn[];
  columns: number;
  emptyText: string;
}

/** `list.compare` with its defaults applied. */
export interface CompiledCompare {
  title: string;
  /** The endpoint under the entity's API path, e.g. '/sys/dataLog/queryCompareList'. */
  url: string;
  contentField: string;
  versionField: string;
  permission: string;
}

export interface CompiledLinkage {
  /** Where the rule is declared, e.g. /form/linkage/0. */
  pointer: string;
  when: string;
  target: CompiledField;
  set: LinkageEffects;
  /** Fields whose values the expressions read ($values.<name>), for Formily's reaction dependencies. */
  dependencies: readonly string[];
}

export interface CompiledFormGroup {
  /** Absent for the single untitled group of a form without groups. */
  title?: string;
  fields: readonly CompiledField[];
}

export interface CompiledForm {
  columns: 1 | 2 | 3 | 4;
  width: number;
  /** Always at least one group; a form without groups has one untitled group. */
  groups: readonly CompiledFormGroup[];
  /** Every form field in display order (the groups flattened). */
  fields: readonly CompiledField[];
  linkage: readonly CompiledLinkage[];
  /** Footer buttons sending the form's values to an endpoint (page language form.actions). */
  actions: readonly CompiledFormAction[];
  /** One-to-many children edited in tabs under the fields (page language form.children). */
  children: readonly CompiledFormChild[];
  /** Present when the form is filled in steps (form.steps); `groups` then holds one group per step. */
  steps?: CompiledFormSteps;
}

export interface CompiledFormStep {
  title: string;
  description?: string;
  fields: readonly CompiledField[];
}

export interface CompiledFormSteps {
  items: readonly CompiledFormStep[];
  /** Title of the last step, the review before 提交. */
  confirmTitle: string;
  /** Key of the page's result shown once an add is saved. */
  result?: string;
}

export type { CompiledFormChild } from './formChildren';

export interface CompiledFormAction {
  key: string;
  title: string;
  /** '{apiPath}/<endpoint>', called POST with the form's values. */
  url: string;
  permission: string;
}

export interface CompiledDetail {
  columns: 1 | 2 | 3 | 4;
  fields: readonly CompiledField[];
}

/** The customer-tree variant of a picker: a checkable tree instead of a table. */
export interface CompiledPickerTree {
  /** Endpoint answering the whole tree, '{apiPath}/<load>'. */
  loadUrl: string;
  /** Endpoint searching by keyWord, '{apiPath}/<search>'; absent: no search box. */
  searchUrl?: string;
  /** Fields the search matches keyWord against (default: the picker's textField). */
  searchFields: readonly CompiledField[];
  searchPlaceholder: string;
  /** Tree height in pixels (default 350). */
  height: number;
  /** Multiple mode offers the 父子关联 / 取消关联 menu (default true). */
  linkSwitch: boolean;
}

export interface CompiledPicker {
  columns: readonly CompiledListColumn[];
  query: readonly CompiledQueryItem[];
  valueField: CompiledField;
  textField: CompiledField;
  multiple: boolean;
  /** Dialog title (default '<entity title>选择'). */
  title: string;
  /** Dialog width (default 900). */
  width: number;
  /** Hint of the picking field's input when the field keeps its default placeholder. */
  placeholder?: string;
  /** The generic biz picker (defaults below differ). */
  biz: boolean;
  /** Default 5 for the biz picker, else 10. */
  pageSize: 5 | 10 | 20 | 30;
  /** 5/10/20/30 for the biz picker or a page size of 5, else 10/20/30. */
  pageSizeOptions: readonly number[];
  /** The '已选<name>' card beside the table (default: the biz picker has it). */
  showSelected: boolean;
  /** Characters before a text of the dialog is cut: the columns' default and the card's (12 biz, else 25). */
  ellipsis: number;
  tree?: CompiledPickerTree;
  /** Endpoint of the dialog's table and of preselection, '{apiPath}/<list>' (default '{apiPath}/list'). */
  listUrl: string;
}

export interface CompiledIndex {
  /** idx_<table>_<columns> or uniq_<table>_<columns> (shortened with a hash past 63 characters). */
  name: string;
  fields: readonly CompiledField[];
  columns: readonly string[];
  unique: boolean;
  /** The refusal of a repeated combination (unique indexes over several fields). */
  message?: string;
}

export interface CompiledPermissions {
  add: string;
  edit: string;
  delete: string;
  exportXls: string;
  importExcel: string;
  list: string;
}

export interface CompiledEntity {
  name: string;
  module: string;
  title: string;
  table: string;
  permissionPrefix: string;
  tenantScoped: boolean;
  /** Rows written by the server only: no add, edit, delete or import endpoints (`entity.readOnly`). */
  readOnly: boolean;
  /** The named server module serving the endpoints (entity.server); absent: the generic CRUD. */
  server?: 'permissionMenu';
  /** API base of the generic endpoints, entity.apiPath or '/<module>/<name>' (list, add, edit, … are appended). */
  apiPath: string;
  /** Which recycle-bin contract the 回收站 speaks (entity.recycleBin; default perRow, ids). */
  recycleBin: { endpoints: 'perRow' | 'batch'; idsParam: string };
  tree?: { parentField: CompiledField; hasChildField?: CompiledField; rootValue: string; cascade?: CompiledCascade };
  /** Named row scopes a 数据规则 applies with condition SCOPE (entity.scopes); empty when none. */
  scopes: Readonly<Record<string, RowCondition>>;
  /** The page whose visible rows this page's rows belong to, and the field naming that row (entity.scopedBy). */
  scopedBy?: { page: string; field: CompiledField; unlessPermission?: string };
}

/** A named view of the page (views[]): the menu item `schema/<module>/<entity>/<key>` opens it. */
export interface CompiledPageView {
  key: string;
  title: string;
  /** ANDed; interpreted by the server (the client only names the view). */
  filter: readonly RowCondition[];
  /** Needed besides the list code; absent: the list code alone. */
  permission?: string;
}

/** An endpoint answering the rows of one level of a cascade ('{apiPath}/city' for level 2). */
export interface CompiledCascadeLevel {
  level: number;
  url: string;
}

/** A tree of fixed levels read as a cascader (entity.tree.cascade; the area widget over maintenance/area). */
export interface CompiledCascade {
  levelField: CompiledField;
  nameField: CompiledField;
  levels: number;
  /** '{apiPath}/<mapEndpoint>': the whole map below `id`, or the rows under `pid`. */
  mapUrl: string;
  levelUrls: readonly CompiledCascadeLevel[];
}

/** One tab of the page header: its filter (field → value, eq) is sent with every list request. */
export interface CompiledHeaderTab {
  key: string;
  title: string;
  filter: readonly { field: CompiledField; value: string }[];
}

/** The page-header layout above the list (`header` section). */
export interface CompiledHeader {
  title: string;
  description?: string;
  /** The search box: the keyword is sent as `<field>=*keyword*`. */
  search?: { field: CompiledField; placeholder: string };
  /** At least two when present; the first is the default. */
  tabs: readonly CompiledHeaderTab[];
}

/** One transition of the page's workflow with its defaults applied (page language `workflow.transitions`). */
export interface CompiledTransition {
  key: string;
  title: string;
  from: readonly string[];
  to: string;
  /** <prefix>:<key> unless declared; '' for a system transition (no user runs it). */
  permission: string;
  /** Fields that must be non-empty on the row. */
  require: readonly CompiledField[];
  /** Safe expression over `$row` that must hold. */
  guard?: string;
  guardMessage: string;
  reason: boolean;
  /** Record fields asked for in the dialog and written onto the row; dateField is set to today. */
  form?: { fields: readonly CompiledField[]; required: boolean; dateField?: CompiledField };
  batch: boolean;
  /** A field holding usernames, or role:<code>. */
  responsible?: string;
  /** Fields holding usernames, 'members' or role:<code>. */
  notify: readonly string[];
  system: boolean;
  /** The row link (and, for batch, the toolbar button with idParam ids) calling the transition endpoint. */
  rowAction?: CompiledCustomRowAction;
}

/** The page's lifecycle (`workflow`): the state field and its transitions. */
export interface CompiledWorkflow {
  field: CompiledField;
  progress?: { page: string; link: string };
  transitions: readonly CompiledTransition[];
  /** '{apiPath}/transition'. */
  url: string;
}

export interface CompiledPage {
  /** File path or 'online:<code>' the document came from. */
  source: string;
  /** Fingerprint of the document's content (the compile cache key with source). */
  hash: string;
  /** Always the current version: older documents have been migrated. */
  schemaVersion: number;
  /** The validated, migrated document. */
  document: PageDocument;
  entity: CompiledEntity;
  /** Declared stored fields in declaration order (form-only fields, `stored: false`, are not among them). */
  fields: readonly CompiledField[];
  /** Implicit fields (id, createBy, createTime, updateBy, updateTime, sysOrgCode, tenantId when scoped). */
  systemFields: readonly CompiledField[];
  /** Declared (form-only included) and system fields by name. */
  fieldByName: ReadonlyMap<string, CompiledField>;
  permissions: CompiledPermissions;
  list: CompiledList;
  /** Present when the document has a `header` section. */
  header?: CompiledHeader;
  /** The document's named views (views[]), in declaration order; empty when none. */
  views: readonly CompiledPageView[];
  form: CompiledForm;
  detail: CompiledDetail;
  picker?: CompiledPicker;
  /** Declared indexes plus one unique index per unique field. */
  indexes: readonly CompiledIndex[];
  /** Present when the document has a `workflow` section. */
  workflow?: CompiledWorkflow;
}

export type LoadPageResult =
  | { ok: true; page: CompiledPage }
  | { ok: false; errors: readonly SchemaError[] };
