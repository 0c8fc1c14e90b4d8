/**
 * The form's calls to the generic endpoints (integration contract): queryById before editing or
 * showing a record, POST add, PUT edit with the id. Transport failures reject in the host's request
 * layer, which has told the user already; business failures (success:false) come back as outcomes
 * for the form to show while keeping the user's input.
 */
import { entityEndpoint } from '../../contract/entityEndpoints';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';
import { refusedFields, type RefusedField } from './stepFlow';

export type FormMode = 'add' | 'edit' | 'detail';

export const SAVED_MESSAGES = { add: '添加成功！', edit: '编辑成功！' } as const;
export const LOAD_FAILED_MESSAGE = '未找到对应数据';

export type Outcome<T> = { ok: true; value: T; message: string } | { ok: false; message: string };
/** A refused save also says which fields the server refused (none when it named none). */
export type SaveOutcome = { ok: true; value: unknown; message: string } | { ok: false; message: string; refused: RefusedField[] };

function failureText(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

export async function loadRecord(host: Host, page: CompiledPage, id: string | number): Promise<Outcome<Record<string, unknown>>> {
  try {
    const answer = await host.request.get<Record<string, unknown> | null>(entityEndpoint(page.entity.apiPath, 'queryById'), { id });
    if (answer.success && answer.result && typeof answer.result === 'object') return { ok: true, value: answer.result, message: answer.message };
    return { ok: false, message: answer.message || LOAD_FAILED_MESSAGE };
  } catch (error) {
    return { ok: false, message: failureText(error) || LOAD_FAILED_MESSAGE };
  }
}

/**
 * Saves a record. A rejected request yields `{ok:false, message:''}`: nothing more to tell the
 * user, but the form must stay open with their input.
 */
export async function saveRecord(
  host: Host,
  page: CompiledPage,
  mode: 'add' | 'edit',
  body: Record<string, unknown>,
): Promise<SaveOutcome> {
  try {
    const answer =
      mode === 'add'
        ? await host.request.post<unknown>(entityEndpoint(page.entity.apiPath, 'add'), body)
        : await host.request.put<unknown>(entityEndpoint(page.entity.apiPath, 'edit'), body);
    if (answer.success) return { ok: true, value: answer.result, message: answer.message || SAVED_MESSAGES[mode] };
    return { ok: false, message: answer.message || '操作失败', refused: refusedFields(answer.result) };
  } catch {
    return { ok: false, message: '', refused: [] };
  }
}
