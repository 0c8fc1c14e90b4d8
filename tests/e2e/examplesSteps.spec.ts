/**
 * 示例 → 分步表单, 成功, 失败 (issue 18, shell spec §1): a 付款申请 typed in steps — 下一步 checks only
 * the step shown, 上一步 keeps what was typed, the review shows it all, 提交 saves through the page's add
 * and ends in the 成功 result — and the two result pages opened from the menu. Screenshots of each step
 * and both results go to SHOTS_DIR.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot, signInQuickly } from './support/app';
import { formError, formInput, formItem, listButton, listRow, modal, pickOption } from './support/schemaPage';
import { openExample } from './support/examples';

test.describe.configure({ mode: 'serial' });

// This run's own record, so another run's rows (or another spec's) cannot stand in for it.
const CASE_NO = `E2E-FK-${Date.now().toString(36).toUpperCase()}`;

function footerButton(dialog: Locator, name: string): Locator {
  return dialog.locator('.ant-modal-footer').getByRole('button', { name: new RegExp(`^${[...name].join('\\s*')}$`) });
}

function currentStep(dialog: Locator): Locator {
  return dialog.locator('.form-steps-bar .ant-steps-item-process .ant-steps-item-title');
}

test.describe('示例: 分步表单 and the result pages', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => page?.close());

  test('a payment request typed in steps is checked step by step, saved, and ends in 提交成功', async () => {
    await openExample(page, '分步表单');
    await expect(page.getByText('该功能正在建设中')).toHaveCount(0);
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增');
    await expect(dialog).toBeVisible();
    await expect(currentStep(dialog)).toHaveText('填写付款信息');
    await expect(dialog.locator('.form-steps-bar')).toContainText('确认付款信息');
    // The second step's fields are there but not shown.
    await expect(formItem(dialog, '收款人')).toBeHidden();

    // Step 1 without 案件编号: 下一步 stays and says which field is missing.
    await formItem(dialog, '费用类别').locator('.ant-select').click();
    await pickOption(page, '专家费');
    await formInput(dialog, '付款金额').fill('12800.50');
    await footerButton(dialog, '下一步').click();
    await expect(formError(dialog, '案件编号')).toHaveText('请输入案件编号');
    await expect(currentStep(dialog)).toHaveText('填写付款信息');
    await screenshot(page, 'example-step-form-1-missing');

    await formInput(dialog, '案件编号').fill(CASE_NO);
    await footerButton(dialog, '下一步').click();
    await expect(currentStep(dialog)).toHaveText('填写收款信息');
    await expect(formItem(dialog, '案件编号')).toBeHidden();
    // The next step shows no errors before the user has been there.
    await expect(dialog.locator('.ant-formily-item-error-help:visible')).toHaveCount(0);
    await formInput(dialog, '收款人').fill('华南结构安全鉴定中心');
    await formInput(dialog, '开户银行').fill('中国工商银行广州天河支行');
    await formInput(dialog, '收款账号').fill('6222020200998877665');
    await formInput(dialog, '付款用途').fill('厂房火灾结构安全鉴定专家费');
    await screenshot(page, 'example-step-form-2');

    // Back and forward keep what was typed in both steps.
    await footerButton(dialog, '上一步').click();
    await expect(currentStep(dialog)).toHaveText('填写付款信息');
    await expect(formInput(dialog, '案件编号')).toHaveValue(CASE_NO);
    await expect(formInput(dialog, '付款金额')).toHaveValue(/12,?800\.50/);
    await footerButton(dialog, '下一步').click();
    await expect(formInput(dialog, '收款人')).toHaveValue('华南结构安全鉴定中心');
    await expect(formInput(dialog, '收款账号')).toHaveValue('6222020200998877665');

    await footerButton(dialog, '下一步').click();
    await expect(currentStep(dialog)).toHaveText('确认付款信息');
    const review = dialog.locator('.form-step-review');
    await expect(review).toContainText(CASE_NO);
    await expect(review).toContainText('专家费');
    await expect(review).toContainText('银行转账');
    await expect(review).toContainText('华南结构安全鉴定中心');
    await screenshot(page, 'example-step-form-3-confirm');

    await footerButton(dialog, '提交').click();
    const result = dialog.locator('.schema-result');
    await expect(result.locator('.ant-result-title')).toHaveText('提交成功');
    await expect(result).toContainText(CASE_NO);
    await expect(result).toContainText('华南结构安全鉴定中心');
    await expect(dialog.locator('.form-steps-bar .ant-steps-item-process .ant-steps-item-title')).toHaveText('完成');
    await screenshot(page, 'example-step-form-4-success');

    // 查看付款申请 closes the form; the list now holds the request.
    await result.getByRole('button', { name: '查看付款申请' }).click();
    await expect(dialog).toBeHidden();
    await expect(listRow(page, CASE_NO)).toBeVisible();
    await expect(listRow(page, CASE_NO)).toContainText('12,800.50');
  });

  test('再填一笔 starts an empty form in the same dialog', async () => {
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增');
    const second = CASE_NO.replace('E2E-FK-', 'E2E-FK2-');
    await formInput(dialog, '案件编号').fill(second);
    await formItem(dialog, '费用类别').locator('.ant-select').click();
    await pickOption(page, '差旅交通');
    await formInput(dialog, '付款金额').fill('860');
    await footerButton(dialog, '下一步').click();
    await formInput(dialog, '收款人').fill('陈志远');
    await formInput(dialog, '开户银行').fill('招商银行深圳分行');
    await formInput(dialog, '收款账号').fill('6225880212345678');
    await formInput(dialog, '付款用途').fill('查勘差旅费');
    await footerButton(dialog, '下一步').click();
    await footerButton(dialog, '提交').click();
    await expect(dialog.locator('.schema-result .ant-result-title')).toHaveText('提交成功');
    await dialog.getByRole('button', { name: '再填一笔' }).click();
    await expect(currentStep(dialog)).toHaveText('填写付款信息');
    await expect(formInput(dialog, '案件编号')).toHaveValue('');
    // Closing the fresh form shows the list with the request saved before.
    await dialog.locator('.ant-modal-close').click();
    await expect(dialog).toBeHidden();
    await expect(listRow(page, second)).toBeVisible();
  });

  test('编辑 goes through the same steps and saves through edit', async () => {
    await listRow(page, CASE_NO).getByText('编辑', { exact: true }).click();
    const dialog = modal(page, '编辑');
    await expect(currentStep(dialog)).toHaveText('填写付款信息');
    await expect(formInput(dialog, '案件编号')).toHaveValue(CASE_NO);
    // An edit ends in the list, so the steps bar has no 完成.
    await expect(dialog.locator('.form-steps-bar')).not.toContainText('完成');
    await footerButton(dialog, '下一步').click();
    await formInput(dialog, '收款人').fill('华南结构安全鉴定中心（复核）');
    await footerButton(dialog, '下一步').click();
    await expect(dialog.locator('.form-step-review')).toContainText('华南结构安全鉴定中心（复核）');
    await footerButton(dialog, '提交').click();
    await expect(dialog).toBeHidden();
    await expect(listRow(page, CASE_NO)).toContainText('华南结构安全鉴定中心（复核）');
  });

  test('示例 → 成功 and 失败 open the result pages', async () => {
    await openExample(page, '成功');
    const success = page.locator('.schema-result-page .schema-result');
    await expect(success.locator('.ant-result-title')).toHaveText('提交成功');
    await expect(success).toContainText('付款申请已提交，等待财务审核');
    await expect(success).toContainText('提交申请 → 财务审核 → 出纳付款');
    // Buttons that start or close a form have nothing to act on here.
    await expect(success.getByRole('button', { name: '再填一笔' })).toHaveCount(0);
    await expect(page.getByText('该功能正在建设中')).toHaveCount(0);
    await screenshot(page, 'example-result-success');

    await openExample(page, '失败');
    const failure = page.locator('.schema-result-page .schema-result');
    await expect(failure.locator('.ant-result-title')).toHaveText('提交失败');
    await expect(failure).toContainText('您提交的内容有如下错误：');
    await expect(failure).toContainText('收款账号与开户银行不符，请核对后重新填写');
    await screenshot(page, 'example-result-fail');

    await failure.getByRole('button', { name: '返回修改' }).click();
    await expect(page).toHaveURL(/\/examples\/step-form$/);
    await expect(listButton(page, '新增')).toBeVisible();
  });
});
