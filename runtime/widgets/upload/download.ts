/**
 * Reading a stored file back through the Host (the request layer sends the session token as a
 * header, so no token ever goes into a URL): as a download, or as an object URL for a thumbnail.
 */
import { useEffect, useState } from 'react';
import type { Host } from '../../host/types';
import { isSafeStoredPath, staticUrlOf } from '../../files/paths';
import { UPLOAD_TEXTS } from './texts';

/** Hands the file to the user; an empty answer says '文件下载失败' (transport failures are reported by the request layer). */
export async function downloadStoredFile(host: Host, path: string, fileName: string): Promise<void> {
  let blob: Blob;
  if (!isSafeStoredPath(path)) {
    host.notify.error(UPLOAD_TEXTS.downloadFailed);
    return;
  }
  try {
    blob = await host.request.getBlob(staticUrlOf(path));
  } catch {
    return;
  }
  if (blob.size === 0) host.notify.error(UPLOAD_TEXTS.downloadFailed);
  else host.saveFile(blob, fileName);
}

function canMakeObjectUrls(): boolean {
  return typeof URL.createObjectURL === 'function' && typeof URL.revokeObjectURL === 'function';
}

/**
 * An object URL showing a picture: the local file when the user just chose it, else the stored file
 * fetched once per path. Revoked when the path or file changes and on unmount.
 */
export function useFileUrl(host: Host, path: string | undefined, local?: Blob): string | undefined {
  const [shown, setShown] = useState<{ key: unknown; url: string } | null>(null);
  const key = local ?? path;

  useEffect(() => {
    if (key === undefined || !canMakeObjectUrls()) return;
    let live = true;
    let created: string | undefined;
    const show = (blob: Blob) => {
      if (!live) return;
      created = URL.createObjectURL(blob);
      setShown({ key, url: created });
    };
    if (local) show(local);
    // A value that is not a plain stored path is never made into a URL fetched with the session.
    else if (path && isSafeStoredPath(path)) host.request.getBlob(staticUrlOf(path)).then(show, () => undefined);
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [host, key, local, path]);

  return shown && shown.key === key ? shown.url : undefined;
}
