/** One ajv error as Fastify reports it on `error.validation`. */
export interface SchemaIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  integer: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
};

function fieldOf(issue: SchemaIssue): string {
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    const parent = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return parent ? `${parent}.${issue.params.missingProperty}` : issue.params.missingProperty;
  }
  return issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '请求参数';
}

function problemOf(issue: SchemaIssue): string {
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return '必填';
    case 'type': {
      const types = String(p.type ?? '').split(',').map((t) => TYPE_NAMES[t] ?? t);
      return `应为${types.join('或')}`;
    }
    case 'minLength':
      return Number(p.limit) === 1 ? '不能为空' : `长度不能少于 ${p.limit}`;
    case 'maxLength':
      return `长度不能超过 ${p.limit}`;
    case 'minimum':
      return `不能小于 ${p.limit}`;
    case 'maximum':
      return `不能大于 ${p.limit}`;
    case 'pattern':
    case 'format':
      return '格式不正确';
    case 'enum':
    case 'const':
      return '取值不在允许范围内';
    case 'additionalProperties':
      return `不允许字段 ${String(p.additionalProperty)}`;
    default:
      return issue.message ?? '不合法';
  }
}

/** '参数不合法：username 必填' — names the field the way the client sent it. */
export function validationMessage(issues: readonly SchemaIssue[]): string {
  const first = issues[0];
  if (!first) return '参数不合法';
  return `参数不合法：${fieldOf(first)} ${problemOf(first)}`;
}
