import { runtimeConfig } from '../config';

/** A stored file's URL: paths that are not already http(s) URLs live under the static domain (spec §7). */
export function fileUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^http/i.test(path)) return path;
  return `${runtimeConfig().staticDomainURL}/${path.replace(/^\/+/, '')}`;
}
