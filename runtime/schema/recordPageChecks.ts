/**
 * Checks of a document's `recordPage` that JSON Schema cannot express and that need only the
 * document itself: the title's {field}s, the summary's own fields and which kind each figure is, the
 * tabs' fields and parts. Whether a related page and its fields exist is checked by the server at
 * start, against all pages (server/crud/record/recordChecks.ts).
 */
import type { PageDocument, PageField, PageRecordSummaryItem, PageRecordTab } from '../generated/page';
import { effectiveWidget, NUMERIC_TYPES } from './fieldSemantics';

const FILE_WIDGETS: ReadonlySet<string> = new Set(['upload', 'image']);
const TITLE_FIELD = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

type Report = (at: string, message: string) => void;

/** `{field}` names of a title template. */
export function titleFields(title: string): string[] {
  return [...title.matchAll(TITLE_FIELD)].map((m) => m[1]);
}

/** The kind of a summary figure (exactly one of field, page, compute). */
export function summaryKind(item: PageRecordSummaryItem): 'field' | 'page' | 'compute' | undefined {
  const kinds = (['field', 'page', 'compute'] as const).filter((k) => item[k] !== undefined);
  return kinds.length === 1 ? kinds[0] : undefined;
}

function checkSummary(item: PageRecordSummaryItem, at: string, fields: ReadonlyMap<string, PageField>, report: Report): void {
  const kind = summaryKind(item);
  if (!kind) {
    report(at, `汇总项「${item.title}」须且只能声明 field、page、compute 其中之一`);
    return;
  }
  const numeric = (name: string, key: string) => {
    const field = fields.get(name);
    if (!field) report(`${at}/${key}`, `汇总项「${item.title}」引用了不存在的字段 ${name}`);
    else if (!NUMERIC_TYPES.has(field.type)) report(`${at}/${key}`, `汇总项「${item.title}」的字段 ${name} 不是数值或金额字段`);
  };
  const pageParts = ['param', 'sum', 'groupBy'] as const;
  if (kind !== 'page') {
    for (const key of pageParts) if (item[key] !== undefined) report(`${at}/${key}`, `汇总项「${item.title}」的 ${key} 只能与 page 一起使用`);
  }
  if (kind !== 'field' && item.minus !== undefined) report(`${at}/minus`, `汇总项「${item.title}」的 minus 只能与 field 一起使用`);
  if (kind === 'field') {
    numeric(item.field ?? '', 'field');
    if (item.minus !== undefined) numeric(item.minus, 'minus');
  }
  if (kind === 'page' && (item.param === undefined || item.sum === undefined)) report(at, `汇总项「${item.title}」须声明 param（关联字段）和 sum（求和字段）`);
}

function checkTab(tab: PageRecordTab, at: string, fields: ReadonlyMap<string, PageField>, systemNames: ReadonlySet<string>, report: Report): void {
  const onlyFor = (key: keyof PageRecordTab, types: readonly PageRecordTab['type'][]) => {
    if (tab[key] !== undefined && !types.includes(tab.type)) report(`${at}/${key}`, `${tab.type} 类型的页签「${tab.title}」不能声明 ${key}`);
  };
  onlyFor('fields', ['fields', 'files']);
  onlyFor('groups', ['fields']);
  if (tab.groups && tab.fields) report(`${at}/groups`, `页签「${tab.title}」的 fields 和 groups 只能声明其一`);
  tab.groups?.forEach((group, g) =>
    group.fields.forEach((name, i) => {
      if (!fields.has(name) && !systemNames.has(name)) report(`${at}/groups/${g}/fields/${i}`, `页签「${tab.title}」的分组「${group.title}」引用了不存在的字段 ${name}`);
    }),
  );
  onlyFor('page', ['related']);
  onlyFor('param', ['related']);
  onlyFor('editable', ['related']);
  if (tab.fill !== undefined && !tab.editable) report(`${at}/fill`, `页签「${tab.title}」的 fill 只能用于可编辑的关联页签（editable: true）`);
  for (const [target, source] of Object.entries(tab.fill ?? {})) {
    if (source !== undefined && !fields.has(source) && !systemNames.has(source)) report(`${at}/fill/${target}`, `页签「${tab.title}」的 fill 引用了不存在的字段 ${source}`);
  }
  if (tab.type === 'related' && (tab.page === undefined || tab.param === undefined)) report(at, `关联页签「${tab.title}」须声明 page 和 param`);
  if (tab.type === 'files' && tab.fields === undefined) report(at, `附件页签「${tab.title}」须声明 fields（上传或图片字段）`);
  tab.fields?.forEach((name, i) => {
    const field = fields.get(name);
    if (!field && !(tab.type === 'fields' && systemNames.has(name))) {
      report(`${at}/fields/${i}`, `页签「${tab.title}」引用了不存在的字段 ${name}`);
      return;
    }
    if (tab.type === 'files' && field && !FILE_WIDGETS.has(effectiveWidget(field))) report(`${at}/fields/${i}`, `附件页签「${tab.title}」的字段 ${name} 不是上传或图片字段`);
  });
}

export function checkRecordPage(doc: PageDocument, systemNames: ReadonlySet<string>, report: Report): void {
  const record = doc.recordPage;
  if (!record) return;
  const fields = new Map(doc.fields.map((f) => [f.name, f]));
  if (record.title !== undefined) {
    for (const name of titleFields(record.title)) {
      if (!fields.has(name) && !systemNames.has(name)) report('/recordPage/title', `标题引用了不存在的字段 ${name}`);
    }
  }
  const keys = new Set<string>();
  record.summary?.forEach((item, i) => {
    if (keys.has(item.key)) report(`/recordPage/summary/${i}/key`, `汇总项 key「${item.key}」重复`);
    keys.add(item.key);
    checkSummary(item, `/recordPage/summary/${i}`, fields, report);
  });
  record.tabs.forEach((tab, i) => checkTab(tab, `/recordPage/tabs/${i}`, fields, systemNames, report));
  if (!doc.list.rowActions?.includes('detail')) report('/recordPage', '声明了记录页（recordPage）的页面须有 detail 行操作（详情打开记录页）');
}
