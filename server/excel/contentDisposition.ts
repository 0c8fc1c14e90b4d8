/**
 * `Content-Disposition` for a download with a Chinese file name: an ASCII `filename` for old
 * clients plus the RFC 5987 `filename*` that browsers prefer.
 */
export function contentDispositionFor(fileName: string): string {
  // Never let a name break out of the header or carry a path.
  const name = fileName.replace(/[\r\n\0]/g, '').replace(/[/\\]/g, '_').trim() || 'download';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
