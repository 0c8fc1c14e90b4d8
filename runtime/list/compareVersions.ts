/**
 * The 数据比较 modal's content (page language `list.compare`), apart from antd: two versions of a
 * record, as the compare endpoint answers them, become one row per field with both values and
 * whether they differ.
 */

/** One version as the endpoint answers it (JeecgBoot's sys_data_log record, plus fieldLabels and dictTexts {field: text}). */
export type CompareRecord = Readonly<Record<string, unknown>>;

export interface CompareRow {
  name: string;
  /** The field's label from the logged page, else its name. */
  label: string;
  values: readonly [string, string];
  changed: boolean;
}

export interface ComparedVersions {
  /** Column titles: 版本 1, 版本 2 (older first). */
  titles: readonly [string, string];
  rows: readonly CompareRow[];
  changedCount: number;
}

export const COMPARE_MESSAGES = {
  selectTwo: '请选择两条数据进行比较',
  unreadable: '数据内容无法解析，不能比较',
} as const;

function contentOf(record: CompareRecord, contentField: string): Record<string, unknown> | undefined {
  const raw = record[contentField];
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function labelsOf(records: readonly CompareRecord[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const record of records) {
    const given = record.fieldLabels;
    if (given && typeof given === 'object') {
      for (const [name, label] of Object.entries(given as Record<string, unknown>)) if (typeof label === 'string') labels[name] ??= label;
    }
  }
  return labels;
}

/**
 * Compares exactly two records (older first by `versionField` when both are numbers). Fields appear
 * in the order of the labels (the page's field order), then any others in the order of the contents;
 * undefined when a record's content is not a JSON object.
 */
export function compareVersions(records: readonly CompareRecord[], contentField: string, versionField: string): ComparedVersions | undefined {
  if (records.length !== 2) return undefined;
  const ordered = [...records].sort((a, b) => {
    const va = Number(a[versionField]);
    const vb = Number(b[versionField]);
    return Number.isFinite(va) && Number.isFinite(vb) ? va - vb : 0;
  });
  const first = contentOf(ordered[0], contentField);
  const second = contentOf(ordered[1], contentField);
  if (!first || !second) return undefined;
  const labels = labelsOf(ordered);
  const shown = (record: CompareRecord, content: Record<string, unknown>, name: string): string => {
    const texts = record.dictTexts;
    const given = texts && typeof texts === 'object' ? (texts as Record<string, unknown>)[name] : undefined;
    return typeof given === 'string' ? given : text(content[name]);
  };
  const names = [...new Set([...Object.keys(labels), ...Object.keys(first), ...Object.keys(second)])].filter(
    (name) => Object.hasOwn(first, name) || Object.hasOwn(second, name),
  );
  const rows = names.map((name): CompareRow => {
    const values: [string, string] = [shown(ordered[0], first, name), shown(ordered[1], second, name)];
    return { name, label: labels[name] ?? name, values, changed: values[0] !== values[1] };
  });
  const title = (record: CompareRecord) => `版本 ${text(record[versionField]) || '?'}`;
  return { titles: [title(ordered[0]), title(ordered[1])], rows, changedCount: rows.filter((r) => r.changed).length };
}
