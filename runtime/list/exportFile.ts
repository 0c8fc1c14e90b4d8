/**
 * Checks a downloaded export before it is handed to the user (JeecgListMixin.handleExportXls):
 * nothing or an empty file → '文件下载失败'; a JSON envelope with success:false (the server
 * refusing inside a blob answer) → the server's message; anything that is not a spreadsheet →
 * '未知的文件'. The content is sniffed rather than trusting Content-Type: .xlsx is a zip
 * ('PK\x03\x04'), .xls an OLE2 compound file (D0 CF 11 E0).
 */
import { MESSAGES } from './constants';

export type DownloadCheck = { ok: true; extension: '.xlsx' | '.xls' } | { ok: false; message: string };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}

/** Reads a Blob through FileReader when the environment's Blob lacks arrayBuffer(). */
function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

function envelopeFailure(text: string): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'success' in parsed && parsed.success === false) {
      const message = 'message' in parsed && typeof parsed.message === 'string' ? parsed.message : '';
      return message || MESSAGES.downloadFailed;
    }
  } catch {
    return null;
  }
  return null;
}

export async function checkDownloadedFile(file: Blob | null | undefined): Promise<DownloadCheck> {
  if (!file || file.size === 0) return { ok: false, message: MESSAGES.downloadFailed };
  const head = await readBytes(file.slice(0, 4));
  if (startsWith(head, ZIP)) return { ok: true, extension: '.xlsx' };
  if (startsWith(head, OLE2)) return { ok: true, extension: '.xls' };
  // Only a small body can be the server's JSON refusal; a large unknown file is not read whole.
  if (file.size < 64 * 1024) {
    const bytes = await readBytes(file);
    const failure = envelopeFailure(new TextDecoder().decode(bytes));
    if (failure !== null) return { ok: false, message: failure };
  }
  return { ok: false, message: MESSAGES.unknownFile };
}
