/**
 * Validates a page document against schemas/meta/page.schema.json (draft 2020-12) and turns ajv's
 * errors into SchemaErrors with Chinese messages. The validator is ajv's code generated ahead of time
 * (`npm run gen`, generators/pageValidator.ts): compiling it here would need `new Function`, which the
 * web app's Content-Security-Policy forbids.
 */
import type { ErrorObject } from 'ajv';
import validate from '../generated/pageValidator';
import { pointerToken, type SchemaError } from './schemaError';

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: 'null',
};

function typeName(type: unknown): string {
  const list = Array.isArray(type) ? type : [type];
  return list.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join('或');
}

function annotation(error: ErrorObject, key: 'errorMessage' | 'patternErrorMessage'): string | undefined {
  const parent: unknown = error.parentSchema;
  if (parent && typeof parent === 'object' && key in parent) {
    const value = (parent as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

function param(error: ErrorObject, key: string): unknown {
  return (error.params as Record<string, unknown>)[key];
}

function render(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One ajv error → one SchemaError. */
/** One ajv error as a SchemaError (also used for the report meta-schema, server/reports). */
export function translateMetaError(error: ErrorObject, source: string): SchemaError {
  // A failed property name (propertyNames) is reported at that property, not at its object.
  const at = error.propertyName === undefined ? error.instancePath : `${error.instancePath}/${pointerToken(error.propertyName)}`;
  const base = { source, pointer: at };
  switch (error.keyword) {
    case 'required':
      return { ...base, message: `缺少必填属性 ${render(param(error, 'missingProperty'))}` };
    case 'additionalProperties': {
      const name = String(param(error, 'additionalProperty'));
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return {
        ...base,
        pointer: `${at}/${pointerToken(name)}`,
        message: `不允许的属性 ${name}`,
        expected: allowed.length > 0 ? allowed.join('、') : undefined,
      };
    }
    case 'type':
      return { ...base, message: `类型应为${typeName(param(error, 'type'))}` };
    case 'enum': {
      const allowed = (param(error, 'allowedValues') as unknown[]).map(render).join('、');
      return { ...base, message: `取值 ${render(error.data)} 不在允许范围内`, expected: allowed };
    }
    case 'const':
      return { ...base, message: `取值应为 ${render(param(error, 'allowedValue'))}`, expected: render(param(error, 'allowedValue')) };
    case 'pattern':
      return {
        ...base,
        message: `${annotation(error, 'patternErrorMessage') ?? '格式不正确'}，实际为 ${render(error.data)}`,
        expected: String(param(error, 'pattern')),
      };
    case 'format':
      return param(error, 'format') === 'regex'
        ? { ...base, message: `不是合法的正则表达式：${render(error.data)}` }
        : { ...base, message: `格式应为 ${String(param(error, 'format'))}` };
    case 'minLength':
      return Number(param(error, 'limit')) === 1
        ? { ...base, message: '不能为空' }
        : { ...base, message: `长度不能少于 ${String(param(error, 'limit'))}` };
    case 'maxLength':
      return { ...base, message: `长度不能超过 ${String(param(error, 'limit'))}` };
    case 'minimum':
    case 'exclusiveMinimum':
      return { ...base, message: `不能小于 ${String(param(error, 'limit'))}` };
    case 'maximum':
    case 'exclusiveMaximum':
      return { ...base, message: `不能大于 ${String(param(error, 'limit'))}` };
    case 'minItems':
      return { ...base, message: `至少需要 ${String(param(error, 'limit'))} 项` };
    case 'maxItems':
      return { ...base, message: `最多 ${String(param(error, 'limit'))} 项` };
    case 'minProperties':
      return { ...base, message: '不能是空对象' };
    case 'uniqueItems': {
      // ajv reports the later duplicate as i and the earlier one as j.
      const later = Number(param(error, 'i'));
      const earlier = Number(param(error, 'j'));
      return { ...base, pointer: `${at}/${later}`, message: `与 ${at}/${earlier} 重复` };
    }
    case 'dependentRequired':
      return {
        ...base,
        message: `有 ${String(param(error, 'property'))} 时必须同时提供 ${String(param(error, 'missingProperty'))}`,
      };
    case 'not':
    case 'anyOf':
    case 'oneOf':
      return { ...base, message: annotation(error, 'errorMessage') ?? '不符合任何允许的写法' };
    default:
      return { ...base, message: error.message ?? `不符合规则 ${error.keyword}` };
  }
}

/**
 * ajv (allErrors) leaves the failures of every anyOf/oneOf branch in front of the anyOf error itself;
 * they explain why each alternative failed, which only confuses an author. They are the errors right
 * before the combinator error, at or below its instance path: drop them and keep the one message.
 */
export function withoutBranchNoise(errors: readonly ErrorObject[]): ErrorObject[] {
  const kept: ErrorObject[] = [];
  for (const error of errors) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      const at = error.instancePath;
      while (kept.length > 0) {
        const previous = kept[kept.length - 1].instancePath;
        if (previous !== at && !previous.startsWith(`${at}/`)) break;
        kept.pop();
      }
    }
    kept.push(error);
  }
  return kept;
}

/** Errors of `doc` against the meta-schema; empty when it conforms. */
export function validateAgainstMetaSchema(doc: unknown, source: string): SchemaError[] {
  if (validate(doc)) return [];
  // propertyNames only repeats, in English, the failure of the name it wraps.
  const errors = (validate.errors ?? []).filter((error) => error.keyword !== 'propertyNames');
  return withoutBranchNoise(errors).map((error) => translateMetaError(error, source));
}

