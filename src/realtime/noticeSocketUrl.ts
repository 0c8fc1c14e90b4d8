import { runtimeConfig } from '../config';

/**
 * `ws(s)://<host><domianURL>/websocket/<userId>` (spec §7). A relative domianURL (the usual
 * '/insurance') is on the page's host, and the scheme follows the page (https → wss); an absolute
 * http(s) domianURL names the API host, and the scheme follows it.
 */
export function noticeSocketUrl(
  userId: string,
  domianURL: string = runtimeConfig().domianURL,
  page: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const path = `/websocket/${encodeURIComponent(userId)}`;
  if (/^https?:\/\//i.test(domianURL)) {
    const api = new URL(domianURL);
    const scheme = api.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${api.host}${api.pathname.replace(/\/+$/, '')}${path}`;
  }
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  const base = domianURL.replace(/^\/*/, '/').replace(/\/+$/, '');
  return `${scheme}//${page.host}${base}${path}`;
}
