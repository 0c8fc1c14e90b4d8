import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from '../../../../runtime/richText/plainText';
import { filterStyle, isAllowedUrl } from '../../../../runtime/richText/policy';
import { sanitizeHtml } from '../../../../runtime/richText/sanitizeInBrowser';
import { HARMLESS_HTML, HARMLESS_KEPT, HOSTILE_CASES } from '../../../support/richTextCases';

describe('the browser applies the rich-text policy before showing HTML', () => {
  it.each(HOSTILE_CASES)('removes $name', ({ html, gone, kept }) => {
    const clean = sanitizeHtml(html).toLowerCase();
    for (const text of gone) expect(clean).not.toContain(text.toLowerCase());
    for (const text of kept ?? []) expect(clean).toContain(text.toLowerCase());
  });

  it('keeps the editor formatting', () => {
    const clean = sanitizeHtml(HARMLESS_HTML);
    for (const text of HARMLESS_KEPT) expect(clean).toContain(text);
  });

  it('nothing of a hostile snippet runs when it is put into the page', () => {
    const ran: string[] = [];
    (window as unknown as { hit: (x: string) => void }).hit = (x) => ran.push(x);
    const host = document.createElement('div');
    host.innerHTML = sanitizeHtml('<img src=x onerror="hit(1)"><svg onload="hit(2)"></svg><a href="javascript:hit(3)">a</a>');
    document.body.append(host);
    host.querySelector('a')?.click();
    host.querySelector('img')?.dispatchEvent(new Event('error'));
    expect(ran).toEqual([]);
    host.remove();
  });
});

describe('the policy checks', () => {
  it('allows relative and web URLs, refuses scripts, data and protocol-relative ones', () => {
    expect(isAllowedUrl('/sys/common/static/jeditor/a.png')).toBe(true);
    expect(isAllowedUrl('https://www.example.com')).toBe(true);
    expect(isAllowedUrl('mailto:a@b.cn')).toBe(true);
    expect(isAllowedUrl(' java\tscript:alert(1)')).toBe(false);
    expect(isAllowedUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isAllowedUrl('vbscript:x')).toBe(false);
    expect(isAllowedUrl('//evil.example/x.png')).toBe(false);
  });

  it('keeps only the allowed style declarations', () => {
    expect(filterStyle('color: #FF0000; position: fixed; text-align: center')).toBe('color:#FF0000;text-align:center');
    expect(filterStyle('color: red; background: url(x)')).toBe('');
  });
});

describe('the text of stored HTML for a list cell', () => {
  it('drops tags, scripts and pictures and decodes entities', () => {
    expect(htmlToPlainText('<p>现场<strong>查勘</strong></p><p>记录&amp;照片&nbsp;<img src="/a.png"></p><script>alert(1)</script>')).toBe('现场查勘 记录&照片');
    expect(htmlToPlainText('&lt;script&gt; &#x4e2d;&#25991;')).toBe('<script> 中文');
  });
});
