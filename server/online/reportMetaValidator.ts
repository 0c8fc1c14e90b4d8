/**
 * Checks a report document against schemas/meta/report.schema.json (ajv, draft 2020-12) and answers
 * the page language's error shape (runtime/schema/schemaError): file, JSON pointer, Chinese message.
 * The messages follow runtime/schema/metaValidator.ts for the keywords the report schema uses.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import reportMetaSchema from '../../schemas/meta/report.schema.json';
import { pointerToken, type SchemaError } from '../../runtime/schema/schemaError';
import type { ReportDocument } from '../generated/report';

let compiled: ValidateFunction<ReportDocument> | undefined;

function validator(): ValidateFunction<ReportDocument> {
  if (!compiled) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true });
    ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
    compiled = ajv.compile<ReportDocument>(reportMetaSchema);
  }
  return compiled;
}

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
};

function param(error: ErrorObject, key: string): unknown {
  return (error.params as Record<string, unknown>)[key];
}

function render(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function patternMessage(error: ErrorObject): string {
  const parent = error.parentSchema as { patternErrorMessage?: unknown } | undefined;
  return typeof parent?.patternErrorMessage === 'string' ? parent.patternErrorMessage : '格式不正确';
}

function translate(error: ErrorObject, source: string): SchemaError {
  const at = error.instancePath;
  const base = { source, pointer: at };
  switch (error.keyword) {
    case 'required':
      return { ...base, message: `缺少必填属性 ${render(param(error, 'missingProperty'))}` };
    case 'additionalProperties': {
      const name = String(param(error, 'additionalProperty'));
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return { ...base, pointer: `${at}/${pointerToken(name)}`, message: `不允许的属性 ${name}`, expected: allowed.join('、') || undefined };
    }
    case 'type':
      return { ...base, message: `类型应为${TYPE_NAMES[String(param(error, 'type'))] ?? String(param(error, 'type'))}` };
    case 'enum':
      return {
        ...base,
        message: `取值 ${render(error.data)} 不在允许范围内`,
        expected: (param(error, 'allowedValues') as unknown[]).map(render).join('、'),
      };
    case 'pattern':
      return { ...base, message: `${patternMessage(error)}，实际为 ${render(error.data)}`, expected: String(param(error, 'pattern')) };
    case 'propertyNames':
      return { ...base, pointer: `${at}/${pointerToken(String(param(error, 'propertyName')))}`, message: '参数名只能包含字母、数字和下划线，且以字母开头' };
    case 'minLength':
      return Number(param(error, 'limit')) === 1
        ? { ...base, message: '不能为空' }
        : { ...base, message: `长度不能少于 ${String(param(error, 'limit'))}` };
    case 'maxLength':
      return { ...base, message: `长度不能超过 ${String(param(error, 'limit'))}` };
    case 'minimum':
      return { ...base, message: `不能小于 ${String(param(error, 'limit'))}` };
    case 'maximum':
      return { ...base, message: `不能大于 ${String(param(error, 'limit'))}` };
    case 'minItems':
      return { ...base, message: `至少需要 ${String(param(error, 'limit'))} 项` };
    default:
      return { ...base, message: error.message ?? `不符合规则 ${error.keyword}` };
  }
}

/** Errors of `doc` against the report meta-schema; empty when it conforms. */
export function validateReportDocument(doc: unknown, source: string): SchemaError[] {
  const validate = validator();
  if (validate(doc)) return [];
  // A bad property name also fails the pattern of the names below it; one message per place is enough.
  const errors = (validate.errors ?? []).filter((e) => !(e.keyword === 'pattern' && e.propertyName !== undefined));
  return errors.map((error) => translate(error, source));
}
