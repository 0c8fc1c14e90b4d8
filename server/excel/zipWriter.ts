/**
 * A streaming zip writer for the workbooks we produce: small parts are deflated at once, the sheet
 * is deflated as it is written (zlib works on libuv's thread pool, beside the code that formats
 * the rows), and sizes and CRC travel in data descriptors after each entry, as streaming zips do.
 * No zip64: a part over 4 GB is refused (an export is capped far below that by its row limit).
 */
import type { TransformOptions, Writable } from 'node:stream';
import zlib from 'node:zlib';
import { DOWNLOAD_CLOSED_MESSAGE } from './backpressure';

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
/** Bit 3: sizes follow in a data descriptor; bit 11: names are UTF-8. */
const FLAGS = 0x0808;
const DEFLATED = 8;
const VERSION = 20;
const MAX_32 = 0xffffffff;

export const EXPORT_TOO_LARGE_MESSAGE = '导出文件过大，请缩小查询范围';

/** Fast enough to keep pace with the rows; sheet XML is repetitive, so it still shrinks ≈ 8×. */
export const SHEET_DEFLATE_LEVEL = 1;

/**
 * Sheet bytes zlib may have queued before a write waits for it. With stream's default (16 KB) every
 * 128K-character piece of XML waited until zlib had deflated it all, so the rows were formatted and
 * deflated by turns; on PGlite, whose database runs on this same thread, the export paid for both
 * in full. A few pieces queued let zlib (on libuv's pool) deflate while the next rows are read and
 * formatted; memory stays bounded by this.
 */
export const SHEET_DEFLATE_QUEUE_BYTES = 2 * 1024 * 1024;
/** zlib's output piece: fewer, larger hand-overs from the pool to this thread (default 16 KB). */
const SHEET_DEFLATE_CHUNK_BYTES = 64 * 1024;

interface DoneEntry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((Math.max(1980, at.getFullYear()) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/** Rejects when `out` closes or fails first, so a download the user abandoned ends the export. */
function waitFor(source: NodeJS.EventEmitter, event: string, out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error(DOWNLOAD_CLOSED_MESSAGE));
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      source.removeListener(event, onEvent);
      out.removeListener('close', onClose);
      out.removeListener('error', onError);
      if (source !== out) source.removeListener('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onEvent = () => settle();
    const onClose = () => settle(new Error(DOWNLOAD_CLOSED_MESSAGE));
    const onError = (error: unknown) => settle(error instanceof Error ? error : new Error(String(error)));
    source.once(event, onEvent);
    out.once('close', onClose);
    out.once('error', onError);
    if (source !== out) source.once('error', onError);
  });
}

/** One entry being written: text goes in, deflated bytes go to the zip's output. */
export interface ZipEntryWriter {
  /** Adds text; resolves at once unless zlib or the client is behind. */
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

export class ZipWriter {
  private offset = 0;
  private readonly done: DoneEntry[] = [];
  private readonly stamp = dosDateTime(new Date());

  constructor(private readonly out: Writable) {}

  private async emit(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await waitFor(this.out, 'drain', this.out);
  }

  private localHeader(name: Buffer): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATED, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    // CRC and sizes (14–25) stay 0: they follow in the data descriptor.
    header.writeUInt16LE(name.length, 26);
    return Buffer.concat([header, name]);
  }

  private async finishEntry(entry: DoneEntry): Promise<void> {
    if (entry.size > MAX_32 || entry.compressed > MAX_32) throw new Error(EXPORT_TOO_LARGE_MESSAGE);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.emit(descriptor);
    this.done.push(entry);
  }

  /** A small part, deflated in one go. */
  async add(name: string, text: string): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const deflated = zlib.deflateRawSync(data);
    const offset = this.offset;
    await this.emit(this.localHeader(nameBytes));
    await this.emit(deflated);
    await this.finishEntry({ name: nameBytes, crc: zlib.crc32(data), compressed: deflated.length, size: data.length, offset });
  }

  /** A large part, streamed: write text in pieces of any size, then close. */
  async open(name: string, level = SHEET_DEFLATE_LEVEL): Promise<ZipEntryWriter> {
    const nameBytes = Buffer.from(name, 'utf8');
    const offset = this.offset;
    await this.emit(this.localHeader(nameBytes));
    // zlib streams hand their options to the Transform too (@types/node's ZlibOptions omits that half).
    const options: zlib.ZlibOptions & TransformOptions = {
      level,
      memLevel: 9,
      chunkSize: SHEET_DEFLATE_CHUNK_BYTES,
      writableHighWaterMark: SHEET_DEFLATE_QUEUE_BYTES,
    };
    const deflate = zlib.createDeflateRaw(options);
    let crc = 0;
    let size = 0;
    let compressed = 0;
    let failure: Error | undefined;
    const out = this.out;
    deflate.on('data', (chunk: Buffer) => {
      compressed += chunk.length;
      this.offset += chunk.length;
      if (!out.write(chunk)) {
        deflate.pause();
        out.once('drain', () => deflate.resume());
      }
    });
    deflate.on('error', (error) => {
      failure = error;
    });
    const ended = waitFor(deflate, 'end', out);
    ended.catch(() => undefined);
    return {
      write: async (text) => {
        if (failure) throw failure;
        if (out.destroyed) throw new Error(DOWNLOAD_CLOSED_MESSAGE);
        const bytes = Buffer.from(text, 'utf8');
        crc = zlib.crc32(bytes, crc);
        size += bytes.length;
        if (size > MAX_32) throw new Error(EXPORT_TOO_LARGE_MESSAGE);
        if (!deflate.write(bytes)) await waitFor(deflate, 'drain', out);
      },
      close: async () => {
        deflate.end();
        await ended;
        if (failure) throw failure;
        await this.finishEntry({ name: nameBytes, crc, compressed, size, offset });
      },
    };
  }

  /** Writes the central directory and ends the output. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.done) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(DIRECTORY_ENTRY, 0);
      record.writeUInt16LE(VERSION, 4);
      record.writeUInt16LE(VERSION, 6);
      record.writeUInt16LE(FLAGS, 8);
      record.writeUInt16LE(DEFLATED, 10);
      record.writeUInt16LE(this.stamp.time, 12);
      record.writeUInt16LE(this.stamp.date, 14);
      record.writeUInt32LE(entry.crc >>> 0, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      await this.emit(Buffer.concat([record, entry.name]));
    }
    if (this.offset > MAX_32) throw new Error(EXPORT_TOO_LARGE_MESSAGE);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_DIRECTORY, 0);
    end.writeUInt16LE(this.done.length, 8);
    end.writeUInt16LE(this.done.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.emit(end);
    this.out.end();
    // Resolves when the last byte left, as exceljs' commit did; a closed download rejects.
    if (!this.out.writableFinished) await waitFor(this.out, 'finish', this.out);
  }
}
