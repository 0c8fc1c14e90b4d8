/**
 * The import dialog's calls (JeecgBoot JImportModal, widgets spec §4/§7, integration contract):
 * the multipart upload of several files under `files[]`, and the download of
 * the error workbook an all-or-nothing import answers with (code 201).
 */
import { entityEndpoint } from '../../contract/entityEndpoints';
import type { Host } from '../../host/types';
import { checkDownloadedFile } from '../../list/exportFile';
import type { CompiledPage } from '../../schema/compiledPageTypes';

export const IMPORT_MESSAGES = {
  title: '导入EXCEL',
  upload: '开始上传',
  uploading: '上传中...',
  failed: '文件上传失败',
  /** The spec's 201 text; our server's own message (which rows failed) is shown beside it. */
  partial: '导入成功,但是有错误数据!',
  detailsPrefix: '具体详情请 ',
  detailsLink: '点击下载',
  template: '下载导入模板',
  wrongType: (name: string) => `${name} 不是 Excel 文件，只能导入 .xls 或 .xlsx 格式`,
} as const;

export const IMPORT_ACCEPT = '.xls,.xlsx';
export const IMPORT_FILE_FIELD = 'files[]';

export function isExcelFileName(name: string): boolean {
  return /\.(xls|xlsx)$/i.test(name);
}

/** What the server hands back with a 201: where its error workbook is. */
export interface ImportErrorFile {
  fileUrl: string;
  fileName?: string;
}

export type ImportOutcome =
  | { kind: 'imported'; message: string }
  | { kind: 'rejectedRows'; message: string; errorFile?: ImportErrorFile }
  | { kind: 'failed'; lines: string[] };

function errorFileOf(result: unknown): ImportErrorFile | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const { fileUrl, fileName } = result as Record<string, unknown>;
  if (typeof fileUrl !== 'string' || fileUrl === '') return undefined;
  return { fileUrl, fileName: typeof fileName === 'string' && fileName ? fileName : undefined };
}

export async function uploadImport(
  host: Host,
  page: CompiledPage,
  files: readonly File[],
  onProgress?: (percent: number) => void,
): Promise<ImportOutcome> {
  try {
    const answer = await host.request.upload<unknown>(entityEndpoint(page.entity.apiPath, 'importExcel'), files, {
      fileField: IMPORT_FILE_FIELD,
      onProgress,
    });
    if (answer.success && answer.code === 201) {
      return { kind: 'rejectedRows', message: answer.message || IMPORT_MESSAGES.partial, errorFile: errorFileOf(answer.result) };
    }
    if (answer.success) return { kind: 'imported', message: answer.message };
    const message = answer.message || IMPORT_MESSAGES.failed;
    return { kind: 'failed', lines: files.map((file) => `${file.name} ${message}.`) };
  } catch {
    return { kind: 'failed', lines: [IMPORT_MESSAGES.failed] };
  }
}

/** Downloads a spreadsheet, checking it is one; resolves the message to show when it is not. */
async function download(host: Host, url: string, params: Record<string, string>, fileName: string): Promise<string | undefined> {
  try {
    const blob = await host.request.getBlob(url, params);
    const check = await checkDownloadedFile(blob);
    if (!check.ok) return check.message;
    host.saveFile(blob, /\.xlsx?$/i.test(fileName) ? fileName : `${fileName}${check.extension}`);
    return undefined;
  } catch {
    return '文件下载失败';
  }
}

/** fileUrl is a path with its query ('/maintenance/expert/importErrorFile?key=…'). */
export function downloadErrorFile(host: Host, errorFile: ImportErrorFile): Promise<string | undefined> {
  const [path, query = ''] = errorFile.fileUrl.split('?', 2);
  const params: Record<string, string> = {};
  new URLSearchParams(query).forEach((value, key) => {
    params[key] = value;
  });
  return download(host, path, params, errorFile.fileName ?? '导入错误数据');
}
