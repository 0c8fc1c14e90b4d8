/**
 * Where an online form page's code and document come from: the `:code` of the hidden route
 * /online/cgformList/:code (功能测试), or the last segment of a generated menu entry's own address
 * (/online/cgformList/<id>, a literal path without parameters).
 */
export const ONLINE_FORM_VIEW_KEY = 'modules/online/cgform/auto/OnlCgformAutoList';

export function onlineFormCode(params: Readonly<Record<string, string>>, fullPath: string): string | undefined {
  const given = params.code;
  if (given !== undefined && given !== '' && given !== ':code') return given;
  const path = fullPath.split(/[?#]/)[0].replace(/\/+$/, '');
  const last = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  return last === '' || last.startsWith(':') || last === 'cgformList' ? undefined : last;
}

/** GET answer: `{document, tableTxt, permissions}` (the codes of this page the caller may use). */
export function onlineFormDocumentUrl(code: string): string {
  return `/online/cgform/api/document/${encodeURIComponent(code)}`;
}

/** The source name errors and the compile cache use for an online page. */
export function onlineFormSource(code: string): string {
  return `online:${code}`;
}
