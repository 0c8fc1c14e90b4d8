import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('validation and expressions on the server side', () => {
  it('load and work in plain Node, without a DOM', () => {
    // jsdom replaces the global URL, so resolve the path with node's own helpers.
    const probe = join(dirname(fileURLToPath(import.meta.url)), 'nodeProbe.ts');
    const output = execFileSync(process.execPath, ['--import', 'tsx', probe], { encoding: 'utf8', timeout: 30_000 });
    expect(JSON.parse(output)).toEqual({
      dom: false,
      mobile: '请输入正确的手机号码',
      required: '请输入专家名称',
      expression: '大额',
      throttle: { allowed: true },
    });
  });
});
