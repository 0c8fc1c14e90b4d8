import { describe, expect, it, vi } from 'vitest';
import { sanitizeHtml } from '../../../../runtime/richText/sanitizeInBrowser';
import { CODE_LANGUAGES, languageChoice } from '../../../../runtime/widgets/editors/codeLanguages';
import { storedEditorHtml } from '../../../../runtime/widgets/editors/editorHtml';
import { markdownToHtml } from '../../../../runtime/widgets/editors/markdownHtml';
import { EDITOR_UPLOAD_FIELDS, StoredImageUrls, storedPathOfUrl } from '../../../../runtime/widgets/editors/storedImages';
import { createFakeHost } from '../list/fakeHost';

describe('the Markdown preview', () => {
  it('renders headings, emphasis, lists, code, quotes, links, tables and tasks', () => {
    const html = markdownToHtml(
      '# 查勘要点\n\n**现场**拍照，*逐项*核对~~旧表~~\n\n- 一\n- 二\n\n1. 甲\n\n> 注意\n\n```sql\nSELECT 1 < 2\n```\n\n[规范](https://www.example.com)\n\n| 项目 | 金额 |\n| --- | --- |\n| 水渍 | 100 |\n\n- [x] 已完成\n',
    );
    expect(html).toContain('<h1>查勘要点</h1>');
    expect(html).toContain('<strong>现场</strong>');
    expect(html).toContain('<em>逐项</em>');
    expect(html).toContain('<del>旧表</del>');
    expect(html).toMatch(/<ul>\s*<li>一<\/li>\s*<li>二<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>甲<\/li>\s*<\/ol>/);
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<pre><code>SELECT 1 &lt; 2</code></pre>');
    expect(html).toContain('<a href="https://www.example.com" target="_blank">规范</a>');
    expect(html).toContain('<thead><tr><th>项目</th><th>金额</th></tr></thead>');
    expect(html).toContain('<td>水渍</td>');
    expect(html).toContain('☑ 已完成');
  });

  it('shows raw HTML as text and drops script links through the policy', () => {
    const html = sanitizeHtml(markdownToHtml('<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[点](javascript:alert(3))'));
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('the rich-text editor', () => {
  it('stores pictures by their static URL, not the object URL shown', () => {
    const html = storedEditorHtml('<p>现场&nbsp;照片&nbsp;&nbsp;两张<img data-src="/sys/common/static/jeditor/20261123/ab_a.png" data-shown="x" src="blob:http://x/1"></p>');
    expect(html).toBe('<p>现场 照片 &nbsp;两张<img src="/sys/common/static/jeditor/20261123/ab_a.png"></p>');
  });

  it('stores an empty editor as an empty value', () => {
    expect(storedEditorHtml('<p></p>')).toBe('');
    expect(storedEditorHtml('<p><br></p>')).toBe('');
  });

  it('uploads with biz jeditor and recognises its static URLs', () => {
    expect(EDITOR_UPLOAD_FIELDS).toEqual({ isup: '1', biz: 'jeditor', jeditor: '1' });
    expect(storedPathOfUrl('/sys/common/static/jeditor/20261123/ab_%E7%8E%B0%E5%9C%BA.png')).toBe('jeditor/20261123/ab_现场.png');
    expect(storedPathOfUrl('/insurance/sys/common/static/jeditor/a.png')).toBe('jeditor/a.png');
    expect(storedPathOfUrl('https://evil.example/sys/common/static/a.png')).toBeUndefined();
  });

  it("never takes a static URL whose path climbs out ('../', %2e%2e, backslashes) for a stored picture", () => {
    for (const url of [
      '/sys/common/static/../../sys/user/list',
      '/sys/common/static/%2e%2e/%2E%2E/sys/user/list',
      '/sys/common/static/jeditor/..%2F..%2Fsys/user/list',
      '/sys/common/static/jeditor\\..\\..\\sys\\user\\list',
      '/sys/common/static/jeditor/%5C..%5Csys',
      '/sys/common/static/./a.png',
      '/sys/common/static/temp//a.png',
      '/sys/common/static/temp/a.png?token=x',
      '../insurance/sys/common/static/temp/a.png',
      '/insurance/../sys/common/static/temp/a.png',
      '/sys/common/static/%E0%A4%A',
    ]) {
      expect(storedPathOfUrl(url), url).toBeUndefined();
    }
  });

  it('shows only stored pictures with safe paths, fetching nothing for the rest', async () => {
    const fake = createFakeHost();
    fake.respond(() => new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:shown'), revokeObjectURL: vi.fn() }));
    try {
      const root = document.createElement('div');
      root.innerHTML =
        '<img data-src="/sys/common/static/jeditor/a.png"><img data-src="/sys/common/static/../../sys/user/list"><img data-src="/sys/common/static/%2e%2e/sys/user/list">';
      new StoredImageUrls(fake.host).show(root);
      await vi.waitFor(() => expect(root.querySelector('img')?.getAttribute('src')).toBe('blob:shown'));
      expect(fake.callsTo('getBlob').map((c) => c.url)).toEqual(['/sys/common/static/jeditor/a.png']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the code editor languages', () => {
  it('offers the twelve languages of the spec, loaded on demand', async () => {
    expect(CODE_LANGUAGES.map((l) => l.label)).toEqual(['CSS', 'JavaScript', 'HTML', 'Java', 'Objective-C', 'Python', 'R', 'Shell', 'SQL', 'Swift', 'Vue', 'Markdown']);
    expect(languageChoice(undefined).value).toBe('javascript');
    for (const choice of CODE_LANGUAGES) expect(await choice.load()).toBeTruthy();
  });
});

describe('the code editor setup', () => {
  it('undoes and redoes typing (Ctrl-Z / Ctrl-Shift-Z through the history keymap)', async () => {
    const { EditorState } = await import('@codemirror/state');
    const { redo, undo } = await import('@codemirror/commands');
    const { editorSetup } = await import('../../../../runtime/widgets/editors/codeEditorSetup');
    let state = EditorState.create({ doc: 'SELECT 1', extensions: editorSetup(2) });
    const dispatch = (tr: import('@codemirror/state').Transaction) => {
      state = tr.state;
    };
    dispatch(state.update({ changes: { from: 8, insert: ' FROM t' }, userEvent: 'input.type' }));
    expect(state.doc.toString()).toBe('SELECT 1 FROM t');
    expect(undo({ state, dispatch })).toBe(true);
    expect(state.doc.toString()).toBe('SELECT 1');
    expect(redo({ state, dispatch })).toBe(true);
    expect(state.doc.toString()).toBe('SELECT 1 FROM t');
  });
});
