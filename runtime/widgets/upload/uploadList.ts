/**
 * The headless upload list (widgets §§3, 4): the entries a widget shows, their states, and the value
 * they stand for. No React and no antd here, so the form widgets, the popup and (later) the grid's
 * file cell share one set of rules:
 *
 * - an entry is uploading (with a percent), done (the server's answer had success true or none)
 *   or error (success false, or the transport failed; its message falls back to '未知错误');
 * - only done entries with a stored path are kept and emitted — as the comma-joined path string
 *   or as a list of file objects;
 * - a count limit (0 = unlimited) keeps the latest files, as JeecgBoot's `fileList.slice(-number)`;
 * - pictures move one place before/after; past the ends the move is refused with the spec's text.
 */
import type { Envelope } from '../../host/types';
import { fileNameOfPath, joinPaths, splitPaths } from '../../files/paths';
import { UPLOAD_TEXTS } from './texts';

export type UploadStatus = 'uploading' | 'done' | 'error';

export interface UploadEntry {
  uid: string;
  name: string;
  status: UploadStatus;
  /** 0–100 while uploading. */
  percent: number;
  /** The stored path (done entries). */
  path?: string;
  size?: number;
  /** MIME type of the chosen file, when known. */
  type?: string;
  /** Why it failed (error entries). */
  message?: string;
  /** The file chosen in this session, so a new picture shows without fetching it back. */
  file?: Blob;
}

/** An uploaded file in the list form of the value (JeecgBoot's returnUrl=false). */
export interface StoredFile {
  fileName: string;
  filePath: string;
  fileSize?: number;
}

export type UploadValueMode = 'paths' | 'files';

export type MoveDirection = 'before' | 'after';

export type MoveResult = { entries: UploadEntry[]; refusal?: undefined } | { entries?: undefined; refusal: string };

function doneEntry(path: string, name = fileNameOfPath(path), size?: number): UploadEntry {
  return { uid: `stored:${path}`, name, status: 'done', percent: 100, path, ...(size === undefined ? {} : { size }) };
}

function isStoredFile(item: unknown): item is StoredFile {
  return typeof item === 'object' && item !== null && typeof (item as StoredFile).filePath === 'string';
}

/** The done entries a stored value stands for: a comma-joined string or a list of file objects. */
export function entriesFromValue(value: unknown): UploadEntry[] {
  if (typeof value === 'string') return splitPaths(value).map((path) => doneEntry(path));
  if (Array.isArray(value)) {
    return value
      .filter(isStoredFile)
      .flatMap((file) => splitPaths(file.filePath).map((path) => doneEntry(path, file.fileName || fileNameOfPath(path), file.fileSize)));
  }
  return [];
}

/** Done entries with a path, in list order: what the widget emits. */
export function keptEntries(entries: readonly UploadEntry[]): UploadEntry[] {
  return entries.filter((entry): entry is UploadEntry & { path: string } => entry.status === 'done' && Boolean(entry.path));
}

export function valueOf(entries: readonly UploadEntry[], mode: 'paths'): string;
export function valueOf(entries: readonly UploadEntry[], mode: 'files'): StoredFile[];
export function valueOf(entries: readonly UploadEntry[], mode: UploadValueMode): string | StoredFile[];
export function valueOf(entries: readonly UploadEntry[], mode: UploadValueMode): string | StoredFile[] {
  const kept = keptEntries(entries);
  if (mode === 'paths') return joinPaths(kept.map((entry) => entry.path as string));
  return kept.map((entry) => ({
    fileName: entry.name,
    filePath: entry.path as string,
    ...(entry.size === undefined ? {} : { fileSize: entry.size }),
  }));
}

/** The same stored files in the same order (the value a widget emitted, or an equal one). */
export function sameFiles(entries: readonly UploadEntry[], value: unknown): boolean {
  const kept = keptEntries(entries).map((entry) => entry.path);
  const other = keptEntries(entriesFromValue(value)).map((entry) => entry.path);
  return kept.length === other.length && kept.every((path, i) => path === other[i]);
}

/**
 * The list after the stored value changed from outside (a form reset, a record loaded): its files,
 * then the entries still uploading and the failures, which the value never carries.
 */
export function adoptValue(entries: readonly UploadEntry[], value: unknown): UploadEntry[] {
  return [...entriesFromValue(value), ...entries.filter((entry) => entry.status !== 'done')];
}

/** True when `maxCount` files are kept or on their way (0 = unlimited). */
export function isFull(entries: readonly UploadEntry[], maxCount: number): boolean {
  return maxCount > 0 && entries.filter((entry) => entry.status !== 'error').length >= maxCount;
}

/** Adds a file that starts uploading; beyond the limit the oldest kept or uploading ones make room. */
export function addUploading(
  entries: readonly UploadEntry[],
  file: { uid: string; name: string; size?: number; type?: string; file?: Blob },
  maxCount: number,
): UploadEntry[] {
  const entry: UploadEntry = { ...file, status: 'uploading', percent: 0 };
  let next = [...entries.filter((e) => e.uid !== file.uid), entry];
  if (maxCount > 0) {
    let active = next.filter((e) => e.status !== 'error').length;
    next = next.filter((e) => {
      if (active <= maxCount || e.status === 'error' || e === entry) return true;
      active -= 1;
      return false;
    });
  }
  return next;
}

function update(entries: readonly UploadEntry[], uid: string, change: (entry: UploadEntry) => UploadEntry): UploadEntry[] {
  return entries.map((entry) => (entry.uid === uid ? change(entry) : entry));
}

export function setProgress(entries: readonly UploadEntry[], uid: string, percent: number): UploadEntry[] {
  const bounded = Math.max(0, Math.min(100, Math.round(percent)));
  return update(entries, uid, (entry) => (entry.status === 'uploading' ? { ...entry, percent: bounded } : entry));
}

/**
 * The server answered. success false → error with the server's message (or '未知错误'); otherwise
 * done with the stored path from `pathField` of the answer (JeecgBoot: `message`; a grid column's
 * `responseName` names another). An answer without a
 * path cannot be kept, so it counts as an error too.
 */
export function applyAnswer(
  entries: readonly UploadEntry[],
  uid: string,
  answer: Partial<Envelope<unknown>> | undefined,
  pathField = 'message',
): UploadEntry[] {
  return update(entries, uid, (entry) => {
    if (answer?.success === false) return { ...entry, status: 'error', message: answer.message || UPLOAD_TEXTS.unknownError };
    const path = answer ? (answer as Record<string, unknown>)[pathField] : undefined;
    if (typeof path !== 'string' || path.trim() === '') return { ...entry, status: 'error', message: UPLOAD_TEXTS.unknownError };
    return { ...entry, status: 'done', percent: 100, path: path.trim(), message: undefined };
  });
}

/** The transport failed (HTTP error, timeout, offline). */
export function applyFailure(entries: readonly UploadEntry[], uid: string, reason?: string): UploadEntry[] {
  return update(entries, uid, (entry) => ({ ...entry, status: 'error', message: reason || UPLOAD_TEXTS.unknownError }));
}

export function removeEntry(entries: readonly UploadEntry[], uid: string): UploadEntry[] {
  return entries.filter((entry) => entry.uid !== uid);
}

/** Moves an entry one place; before the first → '未知的操作', after the last → '已到最后~'. */
export function moveEntry(entries: readonly UploadEntry[], uid: string, direction: MoveDirection): MoveResult {
  const index = entries.findIndex((entry) => entry.uid === uid);
  if (index < 0) return { refusal: UPLOAD_TEXTS.unknownMove };
  const target = direction === 'before' ? index - 1 : index + 1;
  if (target < 0) return { refusal: UPLOAD_TEXTS.unknownMove };
  if (target >= entries.length) return { refusal: UPLOAD_TEXTS.alreadyLast };
  const next = [...entries];
  [next[index], next[target]] = [next[target], next[index]];
  return { entries: next };
}

/** Image mode accepts only files whose MIME type names an image. */
export function isImageFile(file: { type?: string }): boolean {
  return (file.type ?? '').includes('image');
}
