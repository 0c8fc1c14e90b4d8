/**
 * The three editors in a schema form (知识文章, schemas/pages/knowledge/article.json), end to end:
 * rich text with a picture uploaded as jeditor, code with language switch and full screen, Markdown
 * with its preview; saved and reopened. Hostile HTML sent straight to the API comes back sanitised
 * and nothing of it runs in the detail view.
 */
import zlib from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { screenshot, signInQuickly, toast } from './support/app';
import { detailValue, formInput, formItem, listButton, listRow, modal, okButton } from './support/schemaPage';

const API = '/insurance';
const TITLE = '水渍险现场查勘要点';

/** A small orange PNG (the server checks the bytes match the extension). */
function orangePng(width = 120, height = 60): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([250, 140, 22]))]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

async function typeIn(page: Page, editable: Locator, text: string): Promise<void> {
  await editable.click();
  await page.keyboard.type(text);
}

test.describe.serial('editors in the 知识文章 form', () => {
  // Three editors plus the page's other widgets in one form: more than a minute on a loaded machine.
  test.describe.configure({ timeout: 180_000 });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    page.on('dialog', (dialog) => {
      throw new Error(`unexpected dialog: ${dialog.message()}`);
    });
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => page.close());

  test('writes formatted text with a picture, code and Markdown, saves and finds them again', async () => {
    await page.goto('/knowledge/article');
    // The first visit loads the page's code on a cold server; on a loaded machine that passes 15 s.
    await expect(listButton(page, '新增')).toBeVisible({ timeout: 30_000 });
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增');
    await formInput(dialog, '文章标题').fill(TITLE);

    // Rich text: Chinese tooltips, bold text, a picture through the upload endpoint.
    const rich = formItem(dialog, '正文');
    await expect(rich.locator('button.ql-bold')).toHaveAttribute('title', '加粗');
    await expect(rich.locator('button.ql-image')).toHaveAttribute('title', '插入图片');
    await expect(rich.locator('.ql-container')).toHaveCSS('height', '300px');
    await typeIn(page, rich.locator('.ql-editor'), '到达现场后先拍照，');
    await rich.locator('button.ql-bold').click();
    await page.keyboard.type('逐项核对损失');
    const uploaded = page.waitForResponse((r) => r.url().includes('/sys/common/upload'));
    const chooser = page.waitForEvent('filechooser');
    await rich.locator('button.ql-image').click();
    await (await chooser).setFiles({ name: '现场照片.png', mimeType: 'image/png', buffer: orangePng() });
    const upload = await uploaded;
    // Stored under the biz folder the editor sends (jeditor), answered with its path.
    expect(((await upload.json()) as { success: boolean; message: string }).message).toMatch(/^jeditor\/\d{8}\/[0-9a-f]{16}_现场照片\.png$/);
    const picture = rich.locator('.ql-editor img');
    await expect(picture).toHaveAttribute('src', /^blob:/);
    await expect(picture).toHaveAttribute('data-src', /^\/sys\/common\/static\/jeditor\//);

    // Code: SQL first (the page's default), switch to Python, full screen and back with Esc.
    const code = formItem(dialog, '示例代码');
    await expect(code.getByTestId('code-editor')).toHaveAttribute('data-language', 'sql');
    await expect(code.locator('.cm-editor')).toHaveCSS('height', '240px');
    await typeIn(page, code.locator('.cm-content'), 'SELECT title FROM kb_article');
    await code.getByTestId('code-language').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Python' }).click();
    await expect(code.getByTestId('code-editor')).toHaveAttribute('data-language', 'python');
    await screenshot(page, 'editors-form');
    await code.getByRole('button', { name: '全屏' }).click();
    await expect(code.getByTestId('code-widget')).toHaveAttribute('data-full-screen', 'true');
    await screenshot(page, 'editors-code-full-screen');
    await page.keyboard.press('Escape');
    await expect(code.getByTestId('code-widget')).toHaveAttribute('data-full-screen', 'false');
    await expect(dialog).toBeVisible();

    // Markdown: type, preview, full screen side by side.
    const markdown = formItem(dialog, '要点摘要');
    await typeIn(page, markdown.locator('.cm-content'), '# 要点');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- **先拍照** 再清点');
    await markdown.getByText('预览', { exact: true }).click();
    await expect(markdown.getByTestId('markdown-preview').locator('h1')).toHaveText('要点');
    await expect(markdown.getByTestId('markdown-preview').locator('li strong')).toHaveText('先拍照');
    await markdown.scrollIntoViewIfNeeded();
    await screenshot(page, 'editors-markdown-preview');
    await markdown.getByRole('button', { name: '全屏' }).click();
    await expect(markdown.getByTestId('markdown-widget')).toHaveAttribute('data-full-screen', 'true');
    await screenshot(page, 'editors-markdown-full-screen');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await okButton(dialog).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The list shows the rich text as plain text.
    const row = listRow(page, TITLE);
    await expect(row).toContainText('到达现场后先拍照，逐项核对损失');

    // Reopen: everything is back.
    await row.getByText('编辑', { exact: true }).click();
    const edit = modal(page, '编辑');
    const richAgain = formItem(edit, '正文');
    await expect(richAgain.locator('.ql-editor strong')).toHaveText('逐项核对损失');
    await expect(richAgain.locator('.ql-editor img')).toHaveAttribute('src', /^blob:/);
    await expect(formItem(edit, '示例代码').locator('.cm-content')).toHaveText('SELECT title FROM kb_article');
    await expect(formItem(edit, '要点摘要').locator('.cm-content')).toContainText('- **先拍照** 再清点');
    await richAgain.scrollIntoViewIfNeeded();
    await screenshot(page, 'editors-reopened');
    await edit.locator('.ant-modal-footer').getByRole('button', { name: /取\s*消/ }).click();

    // 详细信息 shows the formatted text with its picture, the Markdown preview and the code.
    await row.getByText('详情', { exact: true }).click();
    const detail = modal(page, '详细信息');
    await expect(detailValue(detail, '正文').locator('strong')).toHaveText('逐项核对损失');
    await expect(detailValue(detail, '正文').locator('img')).toHaveAttribute('src', /^blob:/);
    await expect(detailValue(detail, '要点摘要').locator('h1')).toHaveText('要点');
    await expect(detailValue(detail, '示例代码')).toHaveText('SELECT title FROM kb_article');
    await screenshot(page, 'editors-detail');
    await detail.locator('.ant-modal-close').click();
    await screenshot(page, 'editors-list');
  });

  test('hostile HTML sent to the API is stored sanitised and nothing runs on display', async () => {
    const token = await apiLogin(page.request, 'admin', '123456');
    expect(token).toBeTruthy();
    const hostile =
      '<p>恶意内容</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' +
      '<a href="javascript:window.__xss=3">点我</a><svg onload="window.__xss=4"></svg><iframe src="javascript:window.__xss=5"></iframe>';
    const added = await page.request.post(`${API}/knowledge/article/add`, {
      headers: { 'X-Access-Token': token! },
      data: { title: '恶意内容测试', content: hostile },
    });
    expect((await added.json()).success).toBe(true);
    const listed = await page.request.get(`${API}/knowledge/article/list?title=${encodeURIComponent('恶意内容测试')}`, { headers: { 'X-Access-Token': token! } });
    const stored = ((await listed.json()) as { result: { records: { content: string }[] } }).result.records[0].content;
    expect(stored).not.toMatch(/onerror|<script|javascript:|<svg|<iframe/i);

    await page.goto('/knowledge/article');
    const row = listRow(page, '恶意内容测试');
    await row.getByText('详情', { exact: true }).click();
    const detail = modal(page, '详细信息');
    const content = detailValue(detail, '正文');
    await expect(content.getByText('恶意内容')).toBeVisible();
    await content.getByText('点我').click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await content.locator('script, svg, iframe, [onerror]').count()).toBe(0);
    await screenshot(page, 'editors-hostile-detail');
  });
});
