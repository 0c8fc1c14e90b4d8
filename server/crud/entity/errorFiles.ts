/**
 * Error workbooks of failed imports, kept ON DISK (never in memory) in a hidden folder of the upload
 * folder (`<UPLOAD_DIR>/.import-errors`, out of reach of the static file route) for an hour, under
 * an unguessable key, and handed only to the user whose import produced them.
 *
 * Each file is `<key>.xlsx` with its owner, download name and expiry beside it in `<key>.json`
 * (written last, so a file without one is unfinished). Caps: one file may not outgrow
 * `maxFileBytes` (it is refused while it is written and removed); all files together stay within
 * `maxTotalBytes` (the oldest go first). Expired files are removed by a sweep that runs every few
 * minutes and on each put, so a restart loses nothing that is still fresh.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How long a failed import's error workbook stays downloadable. */
export const ERROR_FILE_TTL_MS = 60 * 60 * 1000;
export const ERROR_FILES_FOLDER = '.import-errors';
const SWEEP_EVERY_MS = 5 * 60 * 1000;
const KEY_PATTERN = /^[0-9a-f]{48}$/;

export interface ErrorFileLimits {
  maxFileBytes: number;
  maxTotalBytes: number;
}

interface Meta {
  userId: string;
  fileName: string;
  expiresAt: number;
  size: number;
}

export interface StoredErrorFile {
  fileName: string;
  path: string;
  size: number;
}

class TooLarge extends Error {}

/** Passes bytes on until more than `max` went through, then fails the pipeline. */
function capped(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(new TooLarge());
      else done(null, chunk);
    },
  });
}

function isMeta(value: unknown): value is Meta {
  const v = value as Partial<Meta> | null;
  return (
    typeof v === 'object' && v !== null &&
    typeof v.userId === 'string' && typeof v.fileName === 'string' &&
    typeof v.expiresAt === 'number' && typeof v.size === 'number'
  );
}

export class ImportErrorFiles {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly dir: string,
    private readonly limits: ErrorFileLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sweeps now and every few minutes until `stop` (the timer never keeps the process alive). */
  start(): void {
    void this.sweep().catch(() => undefined);
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Writes a workbook through `write` to disk for `userId`; its key, or undefined when it grew past
   * the per-file cap (nothing is kept then).
   */
  async put(userId: string, fileName: string, write: (out: Writable) => Promise<unknown>): Promise<string | undefined> {
    await fsp.mkdir(this.dir, { recursive: true });
    const key = crypto.randomBytes(24).toString('hex');
    const { data, meta } = this.pathsOf(key);
    const part = `${data}.part`;
    const out = new PassThrough();
    const file = fs.createWriteStream(part, { flags: 'wx' });
    try {
      await Promise.all([write(out), pipeline(out, capped(this.limits.maxFileBytes), file)]);
      const { size } = await fsp.stat(part);
      await fsp.rename(part, data);
      const record: Meta = { userId, fileName, expiresAt: this.now() + ERROR_FILE_TTL_MS, size };
      await fsp.writeFile(meta, JSON.stringify(record), { flag: 'wx' });
    } catch (err) {
      out.destroy();
      // The file is opened asynchronously: removed before its open completes, it would be created
      // after the removal and stay. Destroyed, it closes (after opening) and then says so.
      file.destroy();
      if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
      await Promise.all([part, data, meta].map((name) => fsp.rm(name, { force: true })));
      if (err instanceof TooLarge) return undefined;
      throw err;
    }
    await this.sweep(key);
    return key;
  }

  /** The file for its owner while it is fresh; undefined for anyone else, an unknown key or an expired file. */
  async get(key: string, userId: string): Promise<StoredErrorFile | undefined> {
    if (!KEY_PATTERN.test(key)) return undefined;
    const { data, meta } = this.pathsOf(key);
    const record = await this.readMeta(meta);
    if (!record || record.userId !== userId || record.expiresAt <= this.now()) return undefined;
    try {
      const { size } = await fsp.stat(data);
      return { fileName: record.fileName, path: data, size };
    } catch {
      return undefined;
    }
  }

  /**
   * Removes expired files, unfinished ones older than the lifetime, and — while all together are
   * over the total cap — the oldest, never `keep` (the file just written).
   */
  async sweep(keep?: string): Promise<void> {
    let names: string[];
    try {
      names = await fsp.readdir(this.dir);
    } catch {
      return;
    }
    const now = this.now();
    const live: { key: string; meta: Meta }[] = [];
    for (const name of names) {
      const key = name.slice(0, 48);
      if (!KEY_PATTERN.test(key)) continue;
      if (name.endsWith('.json')) {
        const record = await this.readMeta(this.pathsOf(key).meta);
        if (record && record.expiresAt > now) live.push({ key, meta: record });
        else await this.remove(key);
      } else if (!names.includes(`${key}.json`)) {
        // A workbook without its description is being written now, or was left by a crash.
        const stat = await fsp.stat(path.join(this.dir, name)).catch(() => undefined);
        if (stat && now - stat.mtimeMs > ERROR_FILE_TTL_MS) await fsp.rm(path.join(this.dir, name), { force: true });
      }
    }
    let total = live.reduce((sum, f) => sum + f.meta.size, 0);
    live.sort((a, b) => a.meta.expiresAt - b.meta.expiresAt);
    for (const file of live) {
      if (total <= this.limits.maxTotalBytes) break;
      if (file.key === keep) continue;
      await this.remove(file.key);
      total -= file.meta.size;
    }
  }

  private pathsOf(key: string): { data: string; meta: string } {
    return { data: path.join(this.dir, `${key}.xlsx`), meta: path.join(this.dir, `${key}.json`) };
  }

  private async readMeta(file: string): Promise<Meta | undefined> {
    try {
      const parsed: unknown = JSON.parse(await fsp.readFile(file, 'utf8'));
      return isMeta(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  private async remove(key: string): Promise<void> {
    const { data, meta } = this.pathsOf(key);
    // The description goes first: without it the workbook is no longer served.
    await fsp.rm(meta, { force: true });
    await fsp.rm(data, { force: true });
  }
}
