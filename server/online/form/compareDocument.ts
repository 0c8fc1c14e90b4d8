/**
 * A page document flattened for 数据比较 (list.compare): one entry per property, so the modal shows
 * one row per field property (`字段 carNo › 标题`). Fields, columns and query items are keyed by the
 * field they name, not by position, so inserting a field does not mark every later one as changed.
 */
type Json = unknown;

const LABELS: Readonly<Record<string, string>> = {
  entity: '实体',
  fields: '字段',
  list: '列表',
  columns: '列',
  query: '查询',
  toolbar: '工具栏',
  rowActions: '行操作',
  form: '表单',
  detail: '详情',
  indexes: '索引',
  label: '标题',
  type: '类型',
  length: '长度',
  precision: '精度',
  scale: '小数位',
  required: '必填',
  unique: '唯一',
  default: '默认值',
  dictCode: '字典',
  widget: '控件',
  rules: '校验',
  readOnly: '只读',
  hidden: '隐藏',
  title: '标题',
  mode: '查询方式',
  width: '宽度',
  sortable: '排序',
};

function keyOf(item: Json, index: number): string {
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const named = item as Record<string, unknown>;
    for (const key of ['name', 'field', 'key']) if (typeof named[key] === 'string') return named[key];
  }
  return String(index + 1);
}

/** `{path: value as text}` of every leaf of the document, and a readable label per path. */
export function flattenDocument(doc: Json): { content: Record<string, string>; labels: Record<string, string> } {
  const content: Record<string, string> = {};
  const labels: Record<string, string> = {};
  const walk = (value: Json, path: string[], label: string[]) => {
    if (value && typeof value === 'object') {
      const entries = Array.isArray(value)
        ? value.every((v) => v === null || typeof v !== 'object')
          ? []
          : value.map((item, i) => [keyOf(item, i), item] as const)
        : Object.entries(value as Record<string, unknown>);
      if (entries.length > 0) {
        for (const [key, item] of entries) walk(item, [...path, key], [...label, LABELS[key] ?? key]);
        return;
      }
    }
    const at = path.join('.');
    content[at] = typeof value === 'string' ? value : JSON.stringify(value);
    labels[at] = label.join(' › ');
  };
  walk(doc, [], []);
  return { content, labels };
}
