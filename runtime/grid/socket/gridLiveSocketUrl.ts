/**
 * `ws(s)://<host><apiBase>/vxeSocket/<userId>/<pageId>` (spec §7). A relative apiBase (the usual
 * '/insurance') is on the page's host and the scheme follows the page (https → wss); an absolute
 * http(s) apiBase names the API host and its scheme decides. A tenant other than 0 rides along as
 * `?tenantId=` (a browser cannot set the tenant-id header on a socket): the server passes a save's
 * rows only to the sockets of the tenant that saved them.
 */
export function gridLiveSocketUrl(
  apiBase: string,
  userId: string,
  pageId: string,
  page: Pick<Location, 'protocol' | 'host'> = window.location,
  tenantId = 0,
): string {
  const path = `/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}${tenantId ? `?tenantId=${tenantId}` : ''}`;
  if (/^https?:\/\//i.test(apiBase)) {
    const api = new URL(apiBase);
    const scheme = api.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${api.host}${api.pathname.replace(/\/+$/, '')}${path}`;
  }
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  const base = apiBase.replace(/^\/*/, '/').replace(/\/+$/, '');
  return `${scheme}//${page.host}${base}${path}`;
}
