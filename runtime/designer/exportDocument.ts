/**
 * 导出 of 表单开发: the form's page document as a file for schemas/pages/online/ (GET
 * /online/cgformHead/exportDocument?id=). The answer is JSON either way — the document, or the
 * envelope of a refusal (a form whose design no longer loads) —, so it is read before it is saved.
 */
import { reportFailure } from '../host/failure';
import type { Host } from '../host/types';
import { onlineFormName } from '../contract/onlineForms';

export const EXPORT_DOCUMENT_URL = '/online/cgformHead/exportDocument';

function refusalOf(parsed: unknown): string | undefined {
  if (typeof parsed !== 'object' || parsed === null) return '导出失败：服务器没有返回页面定义';
  const envelope = parsed as { success?: unknown; message?: unknown };
  if (envelope.success === false) return typeof envelope.message === 'string' && envelope.message !== '' ? envelope.message : '导出失败';
  return undefined;
}

/** Downloads the document of form `id` (table `tableName`) as `<camelName>.json`; false when refused. */
export async function exportOnlineFormDocument(host: Pick<Host, 'request' | 'notify' | 'saveFile'>, id: string, tableName: string): Promise<boolean> {
  try {
    const file = await host.request.getBlob(EXPORT_DOCUMENT_URL, { id });
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      parsed = undefined;
    }
    const refusal = refusalOf(parsed);
    if (refusal !== undefined) {
      host.notify.warning(refusal);
      return false;
    }
    host.saveFile(new Blob([await file.text()], { type: 'application/json' }), `${onlineFormName(tableName)}.json`);
    return true;
  } catch (error) {
    reportFailure(host.notify, error);
    return false;
  }
}
