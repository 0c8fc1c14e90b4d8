/**
 * 定时任务 and the cron widget end to end: the admin adds a job, builds "every 5 minutes at second 0
 * on weekdays" in the dialog 'Cron表达式' (tabs, coupling rules, the debounced preview of the next 10
 * run times), saves it and sees the expression in the list; an invalid typed expression is refused by
 * the server. Screenshots of each tab style go to test-results/screens/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openFromMenu, screenshot, signInQuickly } from './support/app';
import { chooseFormOption, discardChanges, formInput, formItem, listButton, listRow, modal, okButton, pickOption, schemaList } from './support/schemaPage';



const cronDialog = (page: Page) => modal(page, 'Cron表达式');
const expressionOf = (dialog: Locator) => dialog.getByLabel('表达式', { exact: true });
const activePanel = (dialog: Locator) => dialog.locator('.ant-tabs-tabpane-active');

async function openTab(dialog: Locator, label: string): Promise<void> {
  await dialog.getByRole('tab', { name: label, exact: true }).click();
  await expect(dialog.getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function chooseType(dialog: Locator, type: string): Promise<void> {
  await activePanel(dialog).locator(`.ld-cron-type-${type} input[type="radio"]`).check();
}

async function setNumber(dialog: Locator, label: string, value: number): Promise<void> {
  const input = activePanel(dialog).getByLabel(label, { exact: true });
  await input.fill(String(value));
  await input.blur();
}

async function chooseWeekday(dialog: Locator, label: string, weekday: string): Promise<void> {
  const combobox = dialog.page().getByRole('combobox', { name: label, exact: true });
  await activePanel(dialog).locator('.ant-select').filter({ has: combobox }).locator('.ant-select-selector').click();
  await pickOption(dialog.page(), weekday);
}

test.describe.configure({ mode: 'serial' });

test.describe('定时任务 with the cron editor', () => {
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => page?.close());

  test('lists the shipped housekeeping jobs', async () => {
    await openFromMenu(page, '系统管理', '定时任务');
    await expect(listRow(page, '清理过期会话')).toContainText('0 0 * * * ?');
    await expect(listRow(page, '清理过期验证码')).toContainText('0 0/10 * * * ?');
    await expect(listRow(page, '清理过期会话')).toContainText('正常');
  });

  test('新增: builds every 5 minutes at second 0 on weekdays in the dialog and saves it', async () => {
    await listButton(page, '新增').click();
    const form = modal(page, '新增');
    await chooseFormOption(form, '任务类名', '清理过期会话');
    const cronInput = formInput(form, 'Cron表达式');
    await expect(cronInput).toHaveAttribute('placeholder', '请输入cron表达式');
    await formItem(form, 'Cron表达式').getByRole('button', { name: /选\s*择/ }).click();

    const dialog = cronDialog(page);
    await expect(dialog).toBeVisible();
    // measured once the zoom-in animation has ended
    await expect.poll(async () => Math.round((await dialog.locator('.ant-modal-content').boundingBox())?.width ?? 0)).toBe(800);
    for (const label of ['秒', '分', '时', '日', '月', '周', '年']) {
      await expect(dialog.getByRole('tab', { name: label, exact: true })).toBeVisible();
    }
    await expect(expressionOf(dialog)).toHaveValue('* * * * * ? *');
    await screenshot(page, 'cron-01-second-tab');

    // 分: loop from 0 every 5 → second becomes 0 (§4)
    await openTab(dialog, '分');
    await chooseType(dialog, 'loop');
    await setNumber(dialog, '分循环间隔', 5);
    await expect(expressionOf(dialog)).toHaveValue('0 0/5 * * * ? *');

    // 周: Monday to Friday (2-6) → day becomes '?', hour '0' (§4) …
    await openTab(dialog, '周');
    await chooseType(dialog, 'range');
    await chooseWeekday(dialog, '周区间开始', '周一');
    await chooseWeekday(dialog, '周区间结束', '周五');
    await expect(expressionOf(dialog)).toHaveValue('0 0/5 0 ? * 2-6 *');
    await screenshot(page, 'cron-02-week-tab-range');
    // … so hour goes back to every hour
    await openTab(dialog, '时');
    await chooseType(dialog, 'every');
    await expect(expressionOf(dialog)).toHaveValue('0 0/5 * ? * 2-6 *');

    const preview = dialog.locator('.ld-cron-preview li');
    await expect(preview).toHaveCount(10);
    for (const text of await preview.allTextContents()) {
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/);
      const minute = Number(text.slice(14, 16));
      expect(minute % 5).toBe(0);
      const weekday = new Date(`${text.slice(0, 10)}T00:00:00Z`).getUTCDay();
      expect(weekday).toBeGreaterThanOrEqual(1);
      expect(weekday).toBeLessThanOrEqual(5);
    }
    await screenshot(page, 'cron-03-hour-tab-preview');

    // the other tab styles, for the screenshots
    await openTab(dialog, '日');
    await screenshot(page, 'cron-04-day-tab');
    await openTab(dialog, '月');
    await screenshot(page, 'cron-05-month-tab');
    await openTab(dialog, '年');
    await screenshot(page, 'cron-06-year-tab');
    await expect(expressionOf(dialog)).toHaveValue('0 0/5 * ? * 2-6 *');

    await okButton(dialog).click();
    await expect(dialog).toHaveCount(0);
    await expect(cronInput).toHaveValue('0 0/5 * ? * 2-6 *');
    await formInput(form, '描述').fill('工作日每5分钟清理会话');
    await okButton(form).click();
    await expect(form).toHaveCount(0);
    await expect(listRow(page, '工作日每5分钟清理会话')).toContainText('0 0/5 * ? * 2-6 *');

    // 编辑 loads the saved expression into the input and the dialog's tabs.
    await listRow(page, '工作日每5分钟清理会话').getByText('编辑', { exact: true }).click();
    const edit = modal(page, '编辑');
    await expect(formInput(edit, 'Cron表达式')).toHaveValue('0 0/5 * ? * 2-6 *');
    await formItem(edit, 'Cron表达式').getByRole('button', { name: /选\s*择/ }).click();
    const reopened = cronDialog(page);
    await expect(expressionOf(reopened)).toHaveValue('0 0/5 * ? * 2-6 *');
    await openTab(reopened, '周');
    await expect(activePanel(reopened).locator('.ld-cron-type-range input[type="radio"]')).toBeChecked();
    await reopened.getByRole('button', { name: /取\s*消/ }).click();
    await expect(reopened).toHaveCount(0);
    await edit.getByRole('button', { name: /取\s*消/ }).click();
    await expect(edit).toHaveCount(0);
  });

  test('cancel discards the dialog; an expression that never fires shows 无执行时间', async () => {
    await listButton(page, '新增').click();
    const form = modal(page, '新增');
    const cronInput = formInput(form, 'Cron表达式');
    await cronInput.fill('0 0 0 31 2 ?');
    await formItem(form, 'Cron表达式').getByRole('button', { name: /选\s*择/ }).click();
    const dialog = cronDialog(page);
    await expect(dialog.getByText('无执行时间', { exact: true })).toBeVisible();
    await screenshot(page, 'cron-07-no-times');
    await openTab(dialog, '日');
    await chooseType(dialog, 'last');
    await expect(expressionOf(dialog)).toHaveValue('0 0 0 L 2 ?'); // a six-part expression keeps its year unset
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog).toHaveCount(0);
    await expect(cronInput).toHaveValue('0 0 0 31 2 ?');
    await form.getByRole('button', { name: /取\s*消/ }).click();
    await discardChanges(page);
    await expect(form).toHaveCount(0);
  });

  test('an invalid typed expression is refused with the reason', async () => {
    await listButton(page, '新增').click();
    const form = modal(page, '新增');
    await chooseFormOption(form, '任务类名', '清理过期验证码');
    await formInput(form, 'Cron表达式').fill('0 0 12 15 * MON');
    await formInput(form, '描述').fill('不会保存的任务');
    await okButton(form).click();
    await expect(page.getByText(/cron表达式不正确/).first()).toBeVisible();
    await screenshot(page, 'cron-08-refused');
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: /取\s*消/ }).click();
    await discardChanges(page);
    await expect(schemaList(page).getByText('不会保存的任务')).toHaveCount(0);
  });
});
