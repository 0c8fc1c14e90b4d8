/**
 * Pictures in rich text are stored by their static URL (`/sys/common/static/jeditor/…`, relative to
 * the API base, never base64). `<img src>` cannot send the session header, so wherever such HTML is
 * shown the pictures are fetched through the Host and shown as object URLs (see upload/download.ts).
 */
import type { Host } from '../../host/types';
import { isSafeStoredPath, staticUrlOf, storedPathOfStaticUrl, UPLOAD_URL } from '../../files/paths';
import { UPLOAD_TEXTS } from '../upload/texts';

/** The editor's upload fields (widgets.md §7: biz 'jeditor', jeditor '1'). */
export const EDITOR_UPLOAD_FIELDS = { isup: '1', biz: 'jeditor', jeditor: '1' } as const;

/**
 * 'jeditor/20261123/ab_现场.png' from its static URL (with or without the API base in front), else
 * undefined — also for a path that is not a plain stored path ('../', '%2e%2e', backslashes): such a
 * URL is never fetched with the session.
 */
export function storedPathOfUrl(url: string): string | undefined {
  return storedPathOfStaticUrl(url);
}

/** Uploads one picture for the editor; its static URL, or undefined after telling the user why not. */
export async function uploadEditorImage(host: Host, file: File): Promise<string | undefined> {
  try {
    const answer = await host.request.upload<unknown>(UPLOAD_URL, [file], { fields: { ...EDITOR_UPLOAD_FIELDS } });
    if (answer.success && answer.message) return staticUrlOf(answer.message);
    host.notify.warning(answer.message || UPLOAD_TEXTS.uploadFailed(file.name));
  } catch {
    host.notify.error(UPLOAD_TEXTS.uploadFailed(file.name));
  }
  return undefined;
}

/** Object URLs of stored pictures, fetched once per path; `dispose` revokes them. */
export class StoredImageUrls {
  private readonly urls = new Map<string, Promise<string | undefined>>();
  private readonly made: string[] = [];

  constructor(private readonly host: Host) {}

  urlOf(path: string): Promise<string | undefined> {
    let url = this.urls.get(path);
    if (!url) {
      url = (isSafeStoredPath(path) ? this.host.request.getBlob(staticUrlOf(path)) : Promise.reject(new Error(path))).then(
        (blob) => {
          if (blob.size === 0 || blob.type === 'application/json') return undefined;
          const made = URL.createObjectURL(blob);
          this.made.push(made);
          return made;
        },
        () => undefined,
      );
      this.urls.set(path, url);
    }
    return url;
  }

  /**
   * Shows every stored picture under `root`: an `<img>` whose stored URL is in `data-src` (or in
   * `src`, in sanitised HTML put into the page) gets the object URL as its `src`.
   */
  show(root: ParentNode): void {
    for (const img of root.querySelectorAll('img')) {
      const stored = img.getAttribute('data-src') ?? img.getAttribute('src') ?? '';
      const path = storedPathOfUrl(stored);
      if (!path || img.dataset.shown === stored) continue;
      img.dataset.shown = stored;
      if (!img.hasAttribute('data-src')) {
        img.setAttribute('data-src', stored);
        img.removeAttribute('src');
      }
      void this.urlOf(path).then((url) => {
        if (url && img.getAttribute('data-src') === stored) img.setAttribute('src', url);
      });
    }
  }

  dispose(): void {
    for (const url of this.made) URL.revokeObjectURL(url);
    this.made.length = 0;
    this.urls.clear();
  }
}
