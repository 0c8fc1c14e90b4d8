/**
 * `Content-Disposition` for a served upload: `inline` only for what we show in the browser
 * (pictures, PDF), else `attachment`; an ASCII `filename` for old clients plus the RFC 5987
 * `filename*` carrying the Chinese name.
 */
export function dispositionFor(fileName: string, inline: boolean): string {
  const name = fileName.replace(/[\r\n\0]/g, '').replace(/[/\\]/g, '_').trim() || 'download';
  const asciiName = name.replace(/[^\x20-\x7e]/g, '_').replace(/["%;\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encoded}`;
}
