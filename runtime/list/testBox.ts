/**
 * A row action's test box (custom row action with `input`): sends the typed value with the row's id
 * to the action's endpoint and reads the answer as passed or refused with the server's message
 * (校验规则's 测试: the rule's message). Headless; TestBoxModal shows it.
 */
import type { Host } from '../host/types';
import type { CompiledCustomRowAction } from '../schema/compiledPageTypes';

export type TestOutcome = { passed: boolean; message: string };

export const TEST_BOX_TEXTS = { run: '测试', passed: '校验通过', failed: '未通过' } as const;

export async function runTestBox(
  host: Pick<Host, 'request'>,
  action: Pick<CompiledCustomRowAction, 'url' | 'method' | 'input'>,
  id: string,
  value: string,
): Promise<TestOutcome | undefined> {
  const param = action.input?.param ?? 'value';
  const payload = { id, [param]: value };
  try {
    const answer =
      action.method === 'get' ? await host.request.get<unknown>(action.url, payload) : await host.request[action.method]<unknown>(action.url, payload);
    return { passed: answer.success, message: answer.message || (answer.success ? TEST_BOX_TEXTS.passed : TEST_BOX_TEXTS.failed) };
  } catch {
    // The request layer has told the user about transport failures.
    return undefined;
  }
}
