import { expect, test, type Page } from '@playwright/test';
import { openFromMenu, screenshot, signInQuickly } from './support/app';
import { detailValue, fillForm, formItem, listButton, listRow, modal, okButton } from './support/schemaPage';

// The upload widget in a shipped form (外包机构 资质文件, .pdf/.jpg/.jpeg/.png, up to 5): a file is
// uploaded, saved and shown again; a refused file shows the spec's messages and is not stored.



test.describe('资质文件 upload in 外包机构', () => {
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
    await openFromMenu(page, '基础数据', '外包机构');
  });

  test.afterAll(async () => {
    await page.close();
  });

  test('a refused type shows 上传失败 and 上传出错 with the server message; a PDF is uploaded, saved and shown on 编辑', async () => {
    await listButton(page, '新增').click();
    const form = modal(page, '新增');
    await fillForm(form, { 机构名称: 'e2e 上传外包', 专业领域: '评估', 联系人: '周八', 联系人手机: '13900002222' });
    const item = formItem(form, '资质文件');
    const input = item.locator('input[type=file]');

    // The browser's accept filter is bypassed here, so the server's refusal is what the user sees.
    await input.setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ not really') });
    const failed = item.locator('.ant-upload-list-item-error');
    await expect(failed).toContainText('virus.exe');
    // success:false shows the server's message (spec §7).
    await expect(page.locator('.ant-message')).toContainText('不允许上传 .exe 类型的文件');
    await failed.hover();
    await expect(page.locator('.ant-tooltip:visible')).toHaveText('上传失败');
    await failed.locator('.ant-upload-list-item-name').click();
    const errorDialog = page.locator('.ant-modal').filter({ hasText: '上传出错' });
    await expect(errorDialog).toContainText('错误信息：不允许上传 .exe 类型的文件');
    await screenshot(page, 'upload-error-dialog');
    await errorDialog.getByRole('button').last().click();
    await expect(errorDialog).toBeHidden();

    await input.setInputFiles({ name: '资质证书.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% e2e\n') });
    await expect(item.locator('.ant-upload-list-item-done')).toContainText('资质证书.pdf');
    await screenshot(page, 'upload-file-in-form');
    await okButton(form).click();
    await expect(form).toBeHidden();

    const row = listRow(page, 'e2e 上传外包');
    await expect(row).toBeVisible();
    await row.getByText('编辑', { exact: true }).click();
    const edit = modal(page, '编辑');
    const editItem = formItem(edit, '资质文件');
    // Only the accepted file was stored: the refused one is gone.
    await expect(editItem.locator('.ant-upload-list-item')).toHaveCount(1);
    await expect(editItem.locator('.ant-upload-list-item-done')).toContainText('资质证书.pdf');
    await edit.locator('.ant-modal-footer').getByRole('button', { name: /取\s*消/ }).click();

    await listRow(page, 'e2e 上传外包').getByText('详情', { exact: true }).click();
    const detail = modal(page, '详细信息');
    await expect(detailValue(detail, '资质文件')).toContainText('资质证书');
    await detail.locator('.ant-modal-close').click();
  });
});
