/**
 * Markdown → HTML for the preview, from the @lezer/markdown parse tree (GFM: tables, strikethrough,
 * task lists) that @codemirror/lang-markdown brings, so no Markdown renderer is added. Every text is
 * escaped and raw HTML in the Markdown is shown as text; the result is sanitised with the shared
 * policy again where it is put into the page.
 */
import { GFM, parser as baseParser } from '@lezer/markdown';
import type { SyntaxNode } from '@lezer/common';

const parser = baseParser.configure(GFM);

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const BLOCK_TAGS: Readonly<Record<string, string>> = {
  Paragraph: 'p',
  Blockquote: 'blockquote',
  BulletList: 'ul',
  OrderedList: 'ol',
  ListItem: 'li',
  Emphasis: 'em',
  StrongEmphasis: 'strong',
  Strikethrough: 'del',
  InlineCode: 'code',
  Table: 'table',
  TableRow: 'tr',
};

/** Marks (`#`, `*`, `>`, `[`…) are syntax, not text. */
const SKIPPED = new Set(['HeaderMark', 'EmphasisMark', 'QuoteMark', 'ListMark', 'CodeMark', 'LinkMark', 'CodeInfo', 'LinkTitle', 'LinkLabel', 'URL', 'TableDelimiter', 'StrikethroughMark', 'TaskMarker']);

export function markdownToHtml(source: string): string {
  const tree = parser.parse(source);
  const text = (from: number, to: number) => escapeHtml(source.slice(from, to));

  /** The children of `node` between `from` and `to`, with the text between them. */
  function inner(node: SyntaxNode, from = node.from, to = node.to): string {
    let out = '';
    let at = from;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.to <= from || child.from >= to) continue;
      if (child.from > at) out += text(at, child.from);
      out += render(child);
      at = child.to;
    }
    if (at < to) out += text(at, to);
    return out;
  }

  function between(node: SyntaxNode): string {
    // [label](url): the label lies between the first two LinkMarks.
    const marks = node.getChildren('LinkMark');
    return marks.length >= 2 ? inner(node, marks[0].to, marks[1].from) : inner(node);
  }

  function render(node: SyntaxNode): string {
    const name = node.name;
    if (SKIPPED.has(name)) return '';
    const heading = /^(?:ATX|Setext)Heading(\d)$/.exec(name);
    if (heading) return `<h${heading[1]}>${inner(node).trim()}</h${heading[1]}>`;
    switch (name) {
      case 'FencedCode':
      case 'CodeBlock': {
        const code = node.getChildren('CodeText').map((c) => text(c.from, c.to)).join('\n');
        return `<pre><code>${code}</code></pre>`;
      }
      case 'HorizontalRule':
        return '<hr>';
      case 'HardBreak':
        return '<br>';
      case 'Escape':
        return text(node.from + 1, node.to);
      case 'Link': {
        const url = node.getChild('URL');
        const href = url ? source.slice(url.from, url.to) : '';
        return `<a href="${escapeHtml(href)}" target="_blank">${between(node)}</a>`;
      }
      case 'Autolink': {
        const url = node.getChild('URL');
        const href = url ? source.slice(url.from, url.to) : '';
        return `<a href="${escapeHtml(href)}" target="_blank">${escapeHtml(href)}</a>`;
      }
      case 'Image': {
        const url = node.getChild('URL');
        const marks = node.getChildren('LinkMark');
        const alt = marks.length >= 2 ? source.slice(marks[0].to, marks[1].from) : '';
        return `<img src="${escapeHtml(url ? source.slice(url.from, url.to) : '')}" alt="${escapeHtml(alt)}">`;
      }
      case 'Task': {
        const marker = node.getChild('TaskMarker');
        const done = marker ? /x/i.test(source.slice(marker.from, marker.to)) : false;
        return `${done ? '☑' : '☐'} ${inner(node).trim()}`;
      }
      case 'TableHeader':
        return `<thead><tr>${cells(node, 'th')}</tr></thead>`;
      case 'TableRow':
        return `<tr>${cells(node, 'td')}</tr>`;
      case 'Table': {
        const header = node.getChild('TableHeader');
        const rows = node.getChildren('TableRow').map(render).join('');
        return `<table>${header ? render(header) : ''}<tbody>${rows}</tbody></table>`;
      }
      default: {
        const tag = BLOCK_TAGS[name];
        const body = inner(node);
        if (!tag) return body;
        // A list item of one paragraph shows its text without the paragraph's margins (tight list).
        if (name === 'Paragraph' && node.parent?.name === 'ListItem' && node.parent.getChildren('Paragraph').length === 1) return body.trim();
        if (name === 'Paragraph' || name === 'ListItem') return `<${tag}>${body.trim()}</${tag}>`;
        return `<${tag}>${body}</${tag}>`;
      }
    }
  }

  function cells(row: SyntaxNode, tag: 'th' | 'td'): string {
    return row
      .getChildren('TableCell')
      .map((cell) => `<${tag}>${inner(cell).trim()}</${tag}>`)
      .join('');
  }

  return render(tree.topNode).trim();
}
