/**
 * Random access to the entries of a zip held in memory (an uploaded .xlsx): the central directory
 * is read once, and each entry is inflated as a stream only when asked for, only as far as it is
 * read. This lets the reader take the parts of a workbook in the order it needs them (relations,
 * workbook, styles, shared strings, then the first sheet) and stop a sheet in the middle — nothing
 * is inflated ahead, nothing is parked in temp files.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export class ZipFormatError extends Error {}

interface Entry {
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

function endOfDirectory(buffer: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let at = buffer.length - 22; at >= Math.max(0, buffer.length - 65_557); at--) {
    if (buffer.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new ZipFormatError('zip end of central directory not found');
}

export class ZipEntries {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly buffer: Buffer) {
    const end = endOfDirectory(buffer);
    const count = buffer.readUInt16LE(end + 10);
    let at = buffer.readUInt32LE(end + 16);
    for (let i = 0; i < count; i++) {
      if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipFormatError('zip central directory is damaged');
      const nameLength = buffer.readUInt16LE(at + 28);
      const extraLength = buffer.readUInt16LE(at + 30);
      const commentLength = buffer.readUInt16LE(at + 32);
      const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
      this.entries.set(name, {
        method: buffer.readUInt16LE(at + 10),
        compressedSize: buffer.readUInt32LE(at + 20),
        localHeaderOffset: buffer.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's inflated bytes as a stream (destroy it to stop early), or undefined when absent. */
  open(name: string): Readable | undefined {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    const at = entry.localHeaderOffset;
    if (at + 30 > this.buffer.length || this.buffer.readUInt32LE(at) !== LOCAL_HEADER) throw new ZipFormatError(`zip entry ${name} is damaged`);
    const start = at + 30 + this.buffer.readUInt16LE(at + 26) + this.buffer.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > this.buffer.length) throw new ZipFormatError(`zip entry ${name} is cut off`);
    const raw = Readable.from([this.buffer.subarray(start, end)]);
    if (entry.method === STORED) return raw;
    if (entry.method !== DEFLATED) throw new ZipFormatError(`zip entry ${name} uses compression method ${entry.method}`);
    const inflate = zlib.createInflateRaw();
    raw.on('error', (err) => inflate.destroy(err));
    return raw.pipe(inflate);
  }
}
