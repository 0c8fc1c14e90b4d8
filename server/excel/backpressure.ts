import type { Writable } from 'node:stream';

export const DOWNLOAD_CLOSED_MESSAGE = '导出已中断：下载连接已关闭';

/** The part of a writable stream the gate reads; exceljs' zip entries are readable-stream v3 streams. */
interface WritableLike {
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  off?(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
  destroyed?: boolean;
  writableLength?: number;
  writableNeedDrain?: boolean;
  _writableState?: { length?: number; needDrain?: boolean };
}

function isWritableLike(value: unknown): value is WritableLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as WritableLike).once === 'function' &&
    typeof (value as WritableLike).removeListener === 'function' &&
    (typeof (value as WritableLike).writableLength === 'number' ||
      typeof (value as WritableLike)._writableState?.length === 'number')
  );
}

function pendingBytes(stream: WritableLike): number {
  return stream.writableLength ?? stream._writableState?.length ?? 0;
}

function needsDrain(stream: WritableLike): boolean {
  return stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;
}

/** Resolves once `stream` emits 'drain'; rejects when it fails or closes first. */
export function drained(stream: WritableLike | Writable): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error(DOWNLOAD_CLOSED_MESSAGE));
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.removeListener('drain', onDrain);
      stream.removeListener('error', onError);
      stream.removeListener('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (error: unknown) => settle(error instanceof Error ? error : new Error(String(error)));
    const onClose = () => settle(new Error(DOWNLOAD_CLOSED_MESSAGE));
    stream.once('drain', onDrain);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How much committed sheet XML may wait for zlib before the producer is held. */
const MAX_PENDING_SHEET_BYTES = 256 * 1024;
const CHECK_EVERY_ROWS = 64;

/**
 * exceljs' streaming writer never waits: a committed row is queued for the zip's deflate stream
 * whether or not zlib or the client keep up, so a fast row source piles the whole export up in
 * memory. The gate returned here is awaited after each row: it holds the producer while the
 * sheet's zip entry has more than a little XML queued, or while the output stream is full.
 */
export function exportGate(sheet: unknown, out: Writable): () => Promise<void> {
  // exceljs 4 keeps the sheet's zip entry in `sheet.stream` (its StreamBuf) and lists the stream
  // the archiver reads it through in `pipes`; looked up lazily because both appear on first use.
  const sheetEntry = (): WritableLike | undefined => {
    const pipes = (sheet as { stream?: { pipes?: unknown } }).stream?.pipes;
    const first: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
    return isWritableLike(first) ? first : undefined;
  };
  let rows = 0;
  return async () => {
    if (++rows % CHECK_EVERY_ROWS !== 0) return;
    for (;;) {
      if (out.destroyed) throw new Error(DOWNLOAD_CLOSED_MESSAGE);
      const entry = sheetEntry();
      if (entry && pendingBytes(entry) > MAX_PENDING_SHEET_BYTES) {
        if (needsDrain(entry)) await drained(entry);
        else await nextTurn();
        continue;
      }
      if (out.writableNeedDrain) {
        await drained(out);
        continue;
      }
      break;
    }
    // Let zlib's callbacks and the socket run even when the rows arrive without ever yielding.
    if (rows % (CHECK_EVERY_ROWS * 8) === 0) await nextTurn();
  };
}
