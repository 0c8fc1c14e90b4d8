// Run by node.test.ts in a plain Node process (no DOM): the server validates input with the same
// modules, so they must load and work without a browser.
import { evaluateExpression } from '../../../../runtime/expr/index';
import { createClickThrottle, rulesFromOnlineCode, validateValue } from '../../../../runtime/validation/index';

const report = {
  dom: typeof (globalThis as { window?: unknown }).window !== 'undefined' || typeof (globalThis as { document?: unknown }).document !== 'undefined',
  mobile: validateValue('123', rulesFromOnlineCode('m')),
  required: validateValue('', [{ required: true }], { label: '专家名称' }),
  expression: evaluateExpression("amount > 100 ? '大额' : '小额'", { $values: { amount: 150 } }),
  throttle: createClickThrottle(300, () => 0)('add'),
};
process.stdout.write(JSON.stringify(report));
