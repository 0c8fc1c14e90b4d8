import type { Kysely } from 'kysely';
import type { CompiledField, CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import type { SchemaError } from '../../../runtime/schema/schemaError';
import type { DB } from '../../db/types';
import { BusinessError } from '../../http/envelope';
import { maxNumberLength, readFillRules, takeNumbers, unknownFillRuleMessage } from '../../sys/fillRule';
import type { EntityStore } from './store';
import { checkValue, type EntityValues } from './validate';

/** A field whose new records are numbered by a fill rule (`"default": {"fillRule": code}`). */
export interface FillRuleField {
  field: CompiledField;
  code: string;
}

export function fillRuleFieldsOf(page: CompiledPage): FillRuleField[] {
  return page.fields.flatMap((field) => {
    const declared = field.default;
    return typeof declared === 'object' && 'fillRule' in declared ? [{ field, code: declared.fillRule }] : [];
  });
}

/**
 * Problems of the pages' fill-rule fields against sys_fill_rule, each naming the page file, the
 * field's pointer and the code: an unknown code, a number that is not text, or a number longer
 * than its column. Checked once at start; the server does not start with one of them.
 */
export async function fillRuleProblems(db: Kysely<DB>, pages: readonly CompiledPage[]): Promise<SchemaError[]> {
  const wanted = pages.flatMap((page) => fillRuleFieldsOf(page).map((f) => ({ page, ...f })));
  const rules = await readFillRules(db, wanted.map((w) => w.code));
  const problems: SchemaError[] = [];
  for (const { page, field, code } of wanted) {
    const at = { source: page.source, pointer: `${field.pointer}/default/fillRule` };
    const rule = rules.get(code);
    if (!rule) {
      problems.push({ ...at, message: `字段 ${field.name}（${field.label}）的${unknownFillRuleMessage(code)}（sys_fill_rule 中没有 rule_code = ${code}）` });
      continue;
    }
    if (field.type !== 'string' && field.type !== 'text') {
      problems.push({ ...at, message: `字段 ${field.name}（${field.label}）的类型是 ${field.type}，编号规则「${code}」生成的是文本编号，只能用于 string 或 text 字段` });
      continue;
    }
    const longest = maxNumberLength(rule);
    if (field.type === 'string' && field.length !== undefined && longest > field.length) {
      problems.push({ ...at, message: `编号规则「${code}」生成的编号最长 ${longest} 位，超出字段 ${field.name}（${field.label}）的长度 ${field.length}` });
    }
  }
  return problems;
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** Attempts before giving up on numbers that rows typed by hand already hold. */
const MAX_ROUNDS = 50;

/**
 * Gives every record whose fill-rule field is blank the rule's next number, in `trx` (the write's
 * own transaction). A number another row already holds (typed by hand, for a unique field) or one
 * typed in this batch is skipped, so the insert never meets the unique index. Values the user
 * typed are left as they are (they were validated like any value).
 */
export async function assignNumbers(
  trx: Kysely<DB>,
  store: EntityStore,
  fields: readonly FillRuleField[],
  records: EntityValues[],
  unique: ReadonlySet<string>,
): Promise<void> {
  for (const { field, code } of fields) {
    const blank = records.filter((r) => isBlank(r[field.name]));
    if (blank.length === 0) continue;
    const reserved = new Set(records.map((r) => r[field.name]).filter((v) => !isBlank(v)).map(String));
    const numbers: string[] = [];
    for (let round = 0; numbers.length < blank.length; round++) {
      if (round >= MAX_ROUNDS) throw new BusinessError(`编号规则「${code}」生成的编号已被占用，请联系管理员调整编号规则的当前值`);
      const batch = await takeNumbers(trx, code, blank.length - numbers.length);
      const taken = unique.has(field.name) ? await store.existingValues(trx, field, batch) : new Set<string>();
      for (const n of batch) {
        if (taken.has(n) || reserved.has(n)) continue;
        reserved.add(n);
        numbers.push(n);
      }
    }
    // A rule whose numbers break the field's own rules is a setup error, not the user's.
    const problem = checkValue(field, numbers[0], new Map());
    if (problem) throw new BusinessError(`编号规则「${code}」生成的编号「${numbers[0]}」不符合字段「${field.label}」的校验：${problem}`);
    blank.forEach((record, i) => {
      record[field.name] = numbers[i];
    });
  }
}

/** Per rule code, the `add` permission codes of the pages it numbers (who may preview its next number). */
export function fillRulePreviewPermissions(pages: readonly CompiledPage[]): Map<string, string[]> {
  const byCode = new Map<string, string[]>();
  for (const page of pages) {
    for (const { code } of fillRuleFieldsOf(page)) {
      const codes = byCode.get(code) ?? [];
      if (!codes.includes(page.permissions.add)) codes.push(page.permissions.add);
      byCode.set(code, codes);
    }
  }
  return byCode;
}
