import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityModel } from '../../../server/crud/entity/model';
import { sanitizeRichText } from '../../../server/crud/entity/richText';
import { checkRecord } from '../../../server/crud/entity/validate';
import { loadEntityPages } from '../../../server/crud/pages';
import { DATABASE_KINDS } from '../../support/database';
import { HARMLESS_HTML, HARMLESS_KEPT, HOSTILE_CASES } from '../../support/richTextCases';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

type Rec = Record<string, unknown>;

describe('the server applies the rich-text policy', () => {
  it.each(HOSTILE_CASES)('removes $name', ({ html, gone, kept }) => {
    const clean = sanitizeRichText(html).toLowerCase();
    for (const text of gone) expect(clean).not.toContain(text.toLowerCase());
    for (const text of kept ?? []) expect(clean).toContain(text.toLowerCase());
  });

  it('keeps the editor formatting', () => {
    const clean = sanitizeRichText(HARMLESS_HTML);
    for (const text of HARMLESS_KEPT) expect(clean).toContain(text);
  });

  it('sanitises in the one record check that add, edit and Excel import share', () => {
    const page = loadEntityPages().find((p) => p.entity.apiPath === '/knowledge/article');
    expect(page).toBeDefined();
    const { values, errors } = checkRecord(entityModel(page!), { title: '导入的文章', content: '<p onclick="x()">导入</p><script>alert(1)</script>' }, new Map());
    expect(errors).toEqual([]);
    expect(values.content).toBe('<p>导入</p>');
  });
});

describe.each(DATABASE_KINDS)('rich-text fields through generic CRUD on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Rec) =>
    ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(admin) });

  const find = async (title: string) => {
    const envelope = body<{ records: Rec[] }>(await call('GET', `/knowledge/article/list?title=${encodeURIComponent(title)}`));
    expect(envelope.success, envelope.message).toBe(true);
    return envelope.result.records[0];
  };

  it('stores an added article sanitised and sanitises an edit too; code and Markdown stay as typed', async () => {
    const hostile = '<p>理算<img src=x onerror="alert(1)"></p><script>alert(2)</script><a href="javascript:alert(3)">链接</a>';
    const added = body(
      await call('POST', '/knowledge/article/add', {
        title: '水渍险理算要点',
        content: hostile,
        summary: '- <script>alert(4)</script> 要点',
        snippet: "SELECT '<script>' FROM dual",
      }),
    );
    expect(added.success, added.message).toBe(true);
    const stored = await find('水渍险理算要点');
    // A picture that is neither a stored file of ours nor an absolute http(s) URL loses its source.
    expect(stored.content).toBe('<p>理算<img /></p><a>链接</a>');
    // Only editor fields are HTML: Markdown and code are text, escaped where they are shown.
    expect(stored.summary).toBe('- <script>alert(4)</script> 要点');
    expect(stored.snippet).toBe("SELECT '<script>' FROM dual");

    const edited = body(await call('PUT', '/knowledge/article/edit', { id: stored.id, content: '<p style="position: fixed; color: #333333">改</p><iframe src="https://evil.example"></iframe>' }));
    expect(edited.success, edited.message).toBe(true);
    expect((await find('水渍险理算要点')).content).toBe('<p style="color:#333333">改</p>');
  });

  it("keeps stored pictures and http(s) pictures, drops '../', %2e%2e and backslash paths when saving", async () => {
    const content =
      '<p>现场<img src="/sys/common/static/jeditor/20261123/ab_现场.png">' +
      '<img src="https://img.example.com/a.png">' +
      '<img src="/sys/common/static/../../sys/user/list">' +
      '<img src="/sys/common/static/%2e%2e/%2e%2e/sys/user/list">' +
      '<img src="/sys/common/static/jeditor\\..\\..\\sys\\user\\list"></p>';
    const added = body(await call('POST', '/knowledge/article/add', { title: '图片路径', content }));
    expect(added.success, added.message).toBe(true);
    expect((await find('图片路径')).content).toBe(
      '<p>现场<img src="/sys/common/static/jeditor/20261123/ab_现场.png" /><img src="https://img.example.com/a.png" /><img /><img /><img /></p>',
    );
  });

  it('refuses content that sanitises to nothing as missing', async () => {
    const refused = body(await call('POST', '/knowledge/article/add', { title: '空正文', content: '<script>alert(1)</script>' }));
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('正文');
  });
});
