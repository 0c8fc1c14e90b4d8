/**
 * The upload list of one widget: the headless rules of uploadList.ts plus the Host — uploading
 * through Host.request.upload (multipart `file`, `isup`=1, `biz`), progress, messages, downloads and
 * the '上传出错' dialog's state. Emits the value only when the kept files change.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Host } from '../../host/types';
import { downloadStoredFile } from './download';
import { DEFAULT_BIZ, UPLOAD_URL } from '../../files/paths';
import {
  addUploading,
  adoptValue,
  applyAnswer,
  applyFailure,
  entriesFromValue,
  isFull,
  isImageFile,
  moveEntry,
  removeEntry,
  sameFiles,
  setProgress,
  valueOf,
  type MoveDirection,
  type StoredFile,
  type UploadEntry,
  type UploadValueMode,
} from './uploadList';
import { UPLOAD_TEXTS } from './texts';

export interface UploadListOptions {
  host: Host;
  /** The stored value: comma-joined paths, or a list of files in 'files' mode. */
  value: unknown;
  onChange(value: string | StoredFile[]): void;
  mode?: UploadValueMode;
  /** 0 = unlimited. */
  maxCount?: number;
  /** Picture mode: only image MIME types are uploaded ('请上传图片'). */
  imageOnly?: boolean;
  biz?: string;
  /** Upload endpoint; JeecgBoot lets a column override it. */
  action?: string;
  /** False: the upload goes without the session token (a grid column without `token`). Default true. */
  withToken?: boolean;
  /** Field of the upload answer holding the stored path (a grid column's responseName). Default 'message'. */
  responseName?: string;
}

export interface UploadList {
  entries: readonly UploadEntry[];
  full: boolean;
  /** Checks a chosen file before it is sent; false refuses it (and says why). */
  accepts(file: { type?: string }): boolean;
  start(file: File, uid?: string): Promise<void>;
  remove(uid: string): void;
  move(uid: string, direction: MoveDirection): void;
  download(uid: string): Promise<void>;
  /** The failure shown in the '上传出错' dialog, or null when it is closed. */
  errorShown: string | null;
  showError(uid: string): void;
  closeError(): void;
}

let uidCounter = 0;

function reasonOf(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

export function useUploadList(options: UploadListOptions): UploadList {
  const { host, value, mode = 'paths', maxCount = 0, imageOnly = false } = options;
  const [entries, setEntries] = useState<UploadEntry[]>(() => entriesFromValue(value));
  const [errorShown, setErrorShown] = useState<string | null>(null);
  const current = useRef(entries);
  const latest = useRef(options);
  const uploads = useRef(new Map<string, AbortController>());

  useEffect(() => {
    latest.current = options;
  });

  const commit = useCallback(
    (next: UploadEntry[], emit = true) => {
      const before = current.current;
      current.current = next;
      setEntries(next);
      if (emit && !sameFiles(before, valueOf(next, 'paths'))) latest.current.onChange(valueOf(next, mode));
    },
    [mode],
  );

  // A value set from outside (form reset, record loaded) replaces the kept files.
  useEffect(() => {
    if (!sameFiles(current.current, value)) commit(adoptValue(current.current, value), false);
  }, [value, commit]);

  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const accepts = useCallback(
    (file: { type?: string }) => {
      if (imageOnly && !isImageFile(file)) {
        host.notify.warning(UPLOAD_TEXTS.notAnImage);
        return false;
      }
      return true;
    },
    [host, imageOnly],
  );

  const start = useCallback(
    async (file: File, givenUid?: string) => {
      const uid = givenUid ?? `upload-${(uidCounter += 1)}`;
      const { action = UPLOAD_URL, biz = DEFAULT_BIZ, withToken, responseName } = latest.current;
      const controller = new AbortController();
      uploads.current.set(uid, controller);
      commit(addUploading(current.current, { uid, name: file.name, size: file.size, type: file.type, file }, maxCount));
      const stillListed = () => current.current.some((entry) => entry.uid === uid);
      try {
        const answer = await host.request.upload<unknown>(action, [file], {
          fields: { isup: '1', biz },
          signal: controller.signal,
          ...(withToken === false ? { withToken: false } : {}),
          onProgress: (percent) => {
            if (stillListed()) commit(setProgress(current.current, uid, percent), false);
          },
        });
        if (!stillListed()) return;
        const next = applyAnswer(current.current, uid, answer, responseName);
        commit(next);
        const entry = next.find((e) => e.uid === uid);
        if (entry?.status === 'error') {
          host.notify.error(answer.success === false ? entry.message ?? UPLOAD_TEXTS.unknownError : UPLOAD_TEXTS.uploadFailed(file.name));
        }
      } catch (error) {
        if (controller.signal.aborted || !stillListed()) return;
        commit(applyFailure(current.current, uid, reasonOf(error)));
        host.notify.error(UPLOAD_TEXTS.uploadFailed(file.name));
      } finally {
        uploads.current.delete(uid);
      }
    },
    [host, commit, maxCount],
  );

  const remove = useCallback(
    (uid: string) => {
      uploads.current.get(uid)?.abort();
      commit(removeEntry(current.current, uid));
    },
    [commit],
  );

  const move = useCallback(
    (uid: string, direction: MoveDirection) => {
      const result = moveEntry(current.current, uid, direction);
      if (result.refusal !== undefined) host.notify.warning(result.refusal);
      else commit(result.entries);
    },
    [host, commit],
  );

  const download = useCallback(
    async (uid: string) => {
      const entry = current.current.find((e) => e.uid === uid);
      if (entry?.status === 'done' && entry.path) await downloadStoredFile(host, entry.path, entry.name);
    },
    [host],
  );

  const showError = useCallback((uid: string) => {
    const entry = current.current.find((e) => e.uid === uid);
    if (entry?.status === 'error') setErrorShown(entry.message || UPLOAD_TEXTS.unknownError);
  }, []);
  const closeError = useCallback(() => setErrorShown(null), []);

  return useMemo(
    () => ({
      entries,
      full: isFull(entries, maxCount),
      accepts,
      start,
      remove,
      move,
      download,
      errorShown,
      showError,
      closeError,
    }),
    [entries, maxCount, accepts, start, remove, move, download, errorShown, showError, closeError],
  );
}
