/**
 * `ws(s)://<host><apiBase>/vxeSocket/<userId>/<pageId>` (spec §7). A relative apiBase (the usual
 * '/insurance') is on the page's host and the scheme follows the page (https → wss); an absolute
 * http(s) apiBase names the API host and its scheme decides.
 */
export function vxeSocketUrl(
  apiBase: string,
  userId: string,
  pageId: string,
  page: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const path = `/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`;
  if (/^https?:\/\//i.test(apiBase)) {
    const api = new URL(apiBase);
    const scheme = api.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${api.host}${api.pathname.replace(/\/+$/, '')}${path}`;
  }
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  const base = apiBase.replace(/^\/*/, '/').replace(/\/+$/, '');
  return `${scheme}//${page.host}${base}${path}`;
}
