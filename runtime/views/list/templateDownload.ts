/** 模板下载: the entity's empty import workbook, checked like an export before it is saved. */
import { reportFailure } from '../../host/failure';
import type { Host } from '../../host/types';
import { checkDownloadedFile } from '../../list/exportFile';

export async function downloadTemplate(host: Pick<Host, 'request' | 'notify' | 'saveFile'>, url: string, title: string): Promise<boolean> {
  try {
    const file = await host.request.getBlob(url);
    const check = await checkDownloadedFile(file);
    if (!check.ok) {
      host.notify.warning(check.message);
      return false;
    }
    host.saveFile(file, `${title}导入模板${check.extension}`);
    return true;
  } catch (error) {
    reportFailure(host.notify, error);
    return false;
  }
}
