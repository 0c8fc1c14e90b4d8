/**
 * The one HTML policy of rich text (the `editor` widget's HTML, the Markdown preview): which tags,
 * attributes, URL schemes and style properties survive. The browser applies it with DOMPurify when
 * it shows stored HTML (./sanitizeInBrowser.ts), the server with sanitize-html on every write of an
 * editor field (server/crud/entity/richText.ts) — both read this table, so they cannot drift.
 *
 * Pure data and pure checks only: no DOM, no library, so the server can import it.
 */
import { storedPathOfStaticUrl } from '../files/paths';

/** Tags the editor's toolbar produces, plus what the Markdown preview renders (tables, rules). */
export const ALLOWED_TAGS: readonly string[] = [
  'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'sub', 'sup', 'span',
  'a', 'img',
  'ol', 'ul', 'li',
  'blockquote', 'pre', 'code', 'hr',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
];

/** Attributes per tag; '*' applies to every allowed tag. No `class`, no `id`, no event handlers. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['style'],
  a: ['href', 'target', 'rel', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  pre: ['data-language'],
};

/** Attributes holding a URL; their value must pass `isAllowedUrl`. */
export const URL_ATTRIBUTES: readonly string[] = ['href', 'src'];

/** Schemes a URL may have; relative URLs (our `/sys/common/static/…` pictures) are allowed, `data:` is not. */
export const ALLOWED_URL_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

const COLOUR = [/^#[0-9a-f]{3}$/i, /^#[0-9a-f]{6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i];

/** Style properties and the values each accepts (whole value must match one pattern). */
export const ALLOWED_STYLES: Readonly<Record<string, readonly RegExp[]>> = {
  color: COLOUR,
  'background-color': COLOUR,
  'text-align': [/^(left|right|center|justify)$/i],
};

/** Is `url` relative or of an allowed scheme? Control characters and spaces cannot hide a scheme. */
export function isAllowedUrl(url: string): boolean {
  // Browsers ignore these inside a scheme ('java\tscript:'), so the check must too.
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return true;
  return ALLOWED_URL_SCHEMES.includes(scheme[1].toLowerCase());
}

/**
 * May an `<img>` show `src`? Only a stored file of this server by its static URL
 * ('/sys/common/static/jeditor/…', fetched with the session) or an absolute http(s) URL (loaded by
 * the browser without it). Anything else — a relative path, '../' or '%2e%2e' segments, backslashes,
 * an API path — could make every viewer's browser call our API with their session.
 */
export function isAllowedImageSource(src: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(src)) return false;
  if (/^https?:\/\//i.test(src)) {
    try {
      const url = new URL(src);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }
  return storedPathOfStaticUrl(src) !== undefined;
}

/** Does the value of attribute `name` on `tag` pass the URL checks (pictures are held to isAllowedImageSource)? */
export function isAllowedUrlAttribute(tag: string, name: string, value: string): boolean {
  if (tag.toLowerCase() === 'img' && name.toLowerCase() === 'src') return isAllowedImageSource(value);
  return isAllowedUrl(value);
}

/** Is `name` allowed on `tag`? */
export function isAllowedAttribute(tag: string, name: string): boolean {
  const lower = name.toLowerCase();
  return (ALLOWED_ATTRIBUTES['*'] ?? []).includes(lower) || (ALLOWED_ATTRIBUTES[tag.toLowerCase()] ?? []).includes(lower);
}

/**
 * The allowed declarations of a style attribute ('color: red; position: fixed' → 'color:red'
 * only when red were allowed), '' when none survives.
 */
export function filterStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const patterns = ALLOWED_STYLES[property];
    if (patterns && patterns.some((pattern) => pattern.test(value))) kept.push(`${property}:${value}`);
  }
  return kept.join(';');
}
