/**
 * The text of stored HTML, for a list cell (shown as React text, cut by the ellipsis) — no DOM,
 * so it works the same in tests and on the server.
 */
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** '<p>现场<strong>查勘</strong></p><p>记录</p>' → '现场查勘 记录'. Pictures and scripts leave no text. */
export function htmlToPlainText(html: string): string {
  const text = html
    .replace(/<(script|style|template|textarea|iframe|noscript)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?(p|div|h[1-6]|li|blockquote|pre|tr|br|hr)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}
