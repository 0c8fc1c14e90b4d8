/**
 * The 报表配置 designer's model (JeecgBoot's cgreport head, items and params), headless: what the
 * server's queryAll answers becomes editable rows; 解析SQL merges the parsed columns and parameters
 * into them keeping what the user typed; the rows become saveAll's and preview's bodies again.
 */

/** Types parseSql reports from the result metadata. */
export const FIELD_TYPES = ['String', 'Integer', 'Double', 'Date', 'Datetime', 'BigDecimal', 'Boolean'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type SearchMode = 'single' | 'group';

export interface ReportHead {
  id?: string;
  code: string;
  name: string;
  cgrSql: string;
  /** A 数据源's code; empty = the main database. */
  dbSource: string;
}

export interface ReportItem {
  fieldName: string;
  fieldTxt: string;
  fieldWidth?: number;
  fieldType: FieldType;
  searchMode: SearchMode;
  isOrder: boolean;
  isSearch: boolean;
  dictCode: string;
  isShow: boolean;
  isTotal: boolean;
  orderNum: number;
}

export interface ReportParam {
  paramName: string;
  paramTxt: string;
  /** The default value. */
  paramValue: string;
  orderNum: number;
}

export interface ReportConfig {
  head: ReportHead;
  items: ReportItem[];
  params: ReportParam[];
}

/** What parseSql answers. */
export interface ParsedSql {
  columns: ReadonlyArray<{ fieldName: string; fieldType: string }>;
  params: readonly string[];
}

export const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export function emptyConfig(): ReportConfig {
  return { head: { code: '', name: '', cgrSql: '', dbSource: '' }, items: [], params: [] };
}

type Wire = Readonly<Record<string, unknown>>;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** JeecgBoot stores the flags as 1/0 (is_total as '1'/'0'); booleans are taken too. */
export function flagOf(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'Y' || value === 'true';
}

function fieldTypeOf(value: unknown): FieldType {
  const found = FIELD_TYPES.find((type) => type.toLowerCase() === text(value).toLowerCase());
  return found ?? 'String';
}

function numberOf(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function renumbered<T extends { orderNum: number }>(rows: readonly T[]): T[] {
  return rows.map((row, i) => ({ ...row, orderNum: i + 1 }));
}

function itemOf(wire: Wire, index: number): ReportItem {
  const width = numberOf(wire.fieldWidth);
  return {
    fieldName: text(wire.fieldName),
    fieldTxt: text(wire.fieldTxt),
    ...(width !== undefined ? { fieldWidth: width } : {}),
    fieldType: fieldTypeOf(wire.fieldType),
    searchMode: wire.searchMode === 'group' ? 'group' : 'single',
    isOrder: flagOf(wire.isOrder),
    isSearch: flagOf(wire.isSearch),
    dictCode: text(wire.dictCode),
    isShow: wire.isShow === undefined || wire.isShow === null ? true : flagOf(wire.isShow),
    isTotal: flagOf(wire.isTotal),
    orderNum: numberOf(wire.orderNum) ?? index + 1,
  };
}

function paramOf(wire: Wire, index: number): ReportParam {
  return {
    paramName: text(wire.paramName),
    paramTxt: text(wire.paramTxt),
    paramValue: text(wire.paramValue),
    orderNum: numberOf(wire.orderNum) ?? index + 1,
  };
}

const byOrder = <T extends { orderNum: number }>(a: T, b: T) => a.orderNum - b.orderNum;

/** queryAll's answer as editable rows, items and params in their order. */
export function configFromAnswer(answer: { head?: Wire; items?: readonly Wire[]; params?: readonly Wire[] }): ReportConfig {
  const head = answer.head ?? {};
  return {
    head: {
      ...(text(head.id) !== '' ? { id: text(head.id) } : {}),
      code: text(head.code),
      name: text(head.name),
      cgrSql: text(head.cgrSql),
      dbSource: text(head.dbSource),
    },
    items: renumbered((answer.items ?? []).map(itemOf).sort(byOrder)),
    params: renumbered((answer.params ?? []).map(paramOf).sort(byOrder)),
  };
}

/** A new column's row: shown, titled by its name (JeecgBoot's default), nothing else on. */
export function newItem(fieldName: string, fieldType: string, orderNum: number): ReportItem {
  return {
    fieldName,
    fieldTxt: fieldName,
    fieldType: fieldTypeOf(fieldType),
    searchMode: 'single',
    isOrder: false,
    isSearch: false,
    dictCode: '',
    isShow: true,
    isTotal: false,
    orderNum,
  };
}

/**
 * 解析SQL: the items become the parsed columns in the SQL's order — a column already configured
 * keeps its title, dictionary, flags and width (its type is the parsed one), a new one gets the
 * defaults, a column the SQL no longer has is dropped; likewise the params keep their text and default.
 */
export function mergeParsed(config: ReportConfig, parsed: ParsedSql): ReportConfig {
  const items = new Map(config.items.map((item) => [item.fieldName, item]));
  const params = new Map(config.params.map((param) => [param.paramName, param]));
  return {
    ...config,
    items: parsed.columns.map((column, i) => {
      const kept = items.get(column.fieldName);
      return kept ? { ...kept, fieldType: fieldTypeOf(column.fieldType), orderNum: i + 1 } : newItem(column.fieldName, column.fieldType, i + 1);
    }),
    params: parsed.params.map((name, i) => {
      const kept = params.get(name);
      return kept ? { ...kept, orderNum: i + 1 } : { paramName: name, paramTxt: name, paramValue: '', orderNum: i + 1 };
    }),
  };
}

/** `${name}` placeholders of an SQL text, each once, in order (a hint before parsing). */
export function sqlParams(sql: string): string[] {
  const names: string[] = [];
  for (const match of sql.matchAll(/\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g)) {
    if (!names.includes(match[1])) names.push(match[1]);
  }
  return names;
}

export function updateItem(config: ReportConfig, index: number, patch: Partial<ReportItem>): ReportConfig {
  return { ...config, items: config.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) };
}

export function updateParam(config: ReportConfig, index: number, patch: Partial<ReportParam>): ReportConfig {
  return { ...config, params: config.params.map((param, i) => (i === index ? { ...param, ...patch } : param)) };
}

/** Moves row `index` up (-1) or down (+1); the order numbers follow. */
export function moveItem(config: ReportConfig, index: number, step: -1 | 1): ReportConfig {
  const to = index + step;
  if (to < 0 || to >= config.items.length) return config;
  const items = [...config.items];
  [items[index], items[to]] = [items[to], items[index]];
  return { ...config, items: renumbered(items) };
}

export function addParam(config: ReportConfig): ReportConfig {
  return { ...config, params: [...config.params, { paramName: '', paramTxt: '', paramValue: '', orderNum: config.params.length + 1 }] };
}

export function removeParam(config: ReportConfig, index: number): ReportConfig {
  return { ...config, params: renumbered(config.params.filter((_, i) => i !== index)) };
}

export const DESIGNER_MESSAGES = {
  codeRequired: '请输入报表编码',
  codePattern: '报表编码须以字母开头，只含字母、数字和下划线，最长64位',
  nameRequired: '请输入报表名称',
  sqlRequired: '请输入报表SQL',
  noItems: '请先解析SQL，生成报表字段',
  itemTitle: (field: string) => `字段 ${field} 的标题不能为空`,
  paramName: (row: number) => `第 ${row} 个参数的名称不能为空`,
  paramMissing: (name: string) => `SQL 中的参数 \${${name}} 没有配置`,
} as const;

/**
 * What must be right before the server is asked (it checks again, and more): the first problem
 * in the order the form shows them, or undefined.
 */
export function configProblem(config: ReportConfig, purpose: 'save' | 'preview'): string | undefined {
  const { head } = config;
  if (purpose === 'save') {
    if (head.code.trim() === '') return DESIGNER_MESSAGES.codeRequired;
    if (!CODE_PATTERN.test(head.code.trim())) return DESIGNER_MESSAGES.codePattern;
    if (head.name.trim() === '') return DESIGNER_MESSAGES.nameRequired;
  }
  if (head.cgrSql.trim() === '') return DESIGNER_MESSAGES.sqlRequired;
  if (config.items.length === 0) return DESIGNER_MESSAGES.noItems;
  const untitled = config.items.find((item) => item.fieldTxt.trim() === '');
  if (untitled) return DESIGNER_MESSAGES.itemTitle(untitled.fieldName);
  const unnamed = config.params.findIndex((param) => param.paramName.trim() === '');
  if (unnamed >= 0) return DESIGNER_MESSAGES.paramName(unnamed + 1);
  const declared = new Set(config.params.map((param) => param.paramName.trim()));
  const missing = sqlParams(head.cgrSql).find((name) => !declared.has(name));
  if (missing) return DESIGNER_MESSAGES.paramMissing(missing);
  return undefined;
}

/** The body of saveAll (and of preview without the values): trimmed, flags as JeecgBoot's 1/0 and '1'/'0'. */
export function saveBody(config: ReportConfig): {
  head: Record<string, unknown>;
  items: Array<Record<string, unknown>>;
  params: Array<Record<string, unknown>>;
} {
  const { head } = config;
  return {
    head: {
      ...(head.id ? { id: head.id } : {}),
      code: head.code.trim(),
      name: head.name.trim(),
      cgrSql: head.cgrSql.trim(),
      dbSource: head.dbSource === '' ? null : head.dbSource,
    },
    items: renumbered(config.items).map((item) => ({
      fieldName: item.fieldName,
      fieldTxt: item.fieldTxt.trim(),
      fieldWidth: item.fieldWidth ?? null,
      fieldType: item.fieldType,
      searchMode: item.searchMode,
      isOrder: item.isOrder ? 1 : 0,
      isSearch: item.isSearch ? 1 : 0,
      dictCode: item.dictCode.trim() === '' ? null : item.dictCode.trim(),
      isShow: item.isShow ? 1 : 0,
      isTotal: item.isTotal ? '1' : '0',
      orderNum: item.orderNum,
    })),
    params: renumbered(config.params).map((param) => ({
      paramName: param.paramName.trim(),
      paramTxt: param.paramTxt.trim(),
      paramValue: param.paramValue,
      orderNum: param.orderNum,
    })),
  };
}

/** preview's body: the unsaved configuration and the parameter values to run it with (defaults where blank). */
export function previewBody(config: ReportConfig, values: Readonly<Record<string, string>> = {}) {
  const body = saveBody(config);
  const paramValues: Record<string, string> = {};
  for (const param of config.params) {
    const given = values[param.paramName];
    paramValues[param.paramName] = given !== undefined && given !== '' ? given : param.paramValue;
  }
  return { ...body, paramValues };
}

/** A preview column as the table shows it: the answer's own title, else the item's, else the name. */
export function previewColumns(
  config: ReportConfig,
  columns: ReadonlyArray<{ title?: string; dataIndex?: string; fieldName?: string; fieldTxt?: string }> | undefined,
): Array<{ title: string; dataIndex: string }> {
  const titles = new Map(config.items.map((item) => [item.fieldName, item.fieldTxt]));
  const given = (columns ?? [])
    .map((column) => {
      const dataIndex = column.dataIndex ?? column.fieldName ?? '';
      return { dataIndex, title: column.title ?? column.fieldTxt ?? titles.get(dataIndex) ?? dataIndex };
    })
    .filter((column) => column.dataIndex !== '');
  if (given.length > 0) return given;
  return config.items.filter((item) => item.isShow).map((item) => ({ dataIndex: item.fieldName, title: item.fieldTxt || item.fieldName }));
}
