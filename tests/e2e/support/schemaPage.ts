/**
 * Helpers for the generic schema pages (runtime/views): the list with its query bar, toolbar, table
 * and pager; the Formily add / edit form and the 详细信息 modal; downloads and the Excel files the
 * import dialog takes.
 */
import ExcelJS from 'exceljs';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { OK_BUTTON } from './app';

/**
 * The list of the current schema page. Pages of the other open tabs stay mounted, hidden: only the
 * visible list is the current one.
 */
export function schemaList(page: Page): Locator {
  return page.locator('.schema-list').filter({ visible: true });
}

export function queryBar(page: Page): Locator {
  return page.locator('.schema-list-query').filter({ visible: true });
}

/** Data rows of the list's table. */
export function listRows(page: Page): Locator {
  return schemaList(page).locator('.ant-table-tbody tr.ant-table-row');
}

/** The data row showing this text. */
export function listRow(page: Page, text: string): Locator {
  return listRows(page).filter({ hasText: text });
}

/** The action links in a list row's 操作 cell (the last one), 更多 included. */
export function rowActionLinks(row: Locator): Locator {
  return row.locator('td').last().locator('a');
}

/** Opens the row's 更多 dropdown and answers its open menu's items. */
export async function openMoreActions(row: Locator): Promise<Locator> {
  await rowActionLinks(row).filter({ hasText: '更多' }).click();
  return row.page().locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
}

/** Clicks a row action: its link, or its item under the row's 更多 (list.inlineRowActions). */
export async function clickRowAction(row: Locator, title: string): Promise<void> {
  // Counting links before the row has rendered finds none, and 更多 (once there) lacks the action.
  await expect(rowActionLinks(row).first()).toBeVisible();
  const link = rowActionLinks(row).filter({ hasText: new RegExp(`^${title}$`) });
  if ((await link.count()) > 0) return link.click();
  await (await openMoreActions(row)).filter({ hasText: new RegExp(`^${title}$`) }).click();
}

/** The pager's 'a-b 共N条'. */
export function totalText(page: Page): Locator {
  return schemaList(page).locator('.ant-pagination-total-text');
}

/** The texts of one column, top to bottom, found by its header title. */
export async function columnTexts(page: Page, title: string): Promise<string[]> {
  const table = schemaList(page).locator('.ant-table');
  await expect(table.locator('.ant-table-thead th').filter({ hasText: title }).first()).toBeVisible();
  return table.evaluate((el, wanted) => {
    const heads = [...el.querySelectorAll('.ant-table-thead th')];
    const index = heads.findIndex((th) => (th.textContent ?? '').replace(/\s+/g, '') === wanted);
    if (index < 0) throw new Error(`no column titled ${wanted}`);
    return [...el.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) =>
      (tr.children[index]?.textContent ?? '').trim(),
    );
  }, title);
}

/** Waits until the column shows exactly these texts (in this order). */
export async function expectColumn(page: Page, title: string, texts: string[]): Promise<void> {
  await expect.poll(() => columnTexts(page, title)).toEqual(texts);
}

/** A sortable column's header cell. */
export function columnHeader(page: Page, title: string): Locator {
  return schemaList(page).locator('.ant-table-thead th.ant-table-column-has-sorters').filter({ hasText: title });
}

/**
 * A toolbar or query-bar button by its text. antd spaces two-character labels (新 增) and the
 * accessible name starts with the icon's label (plus 新增).
 */
export function listButton(page: Page, text: string): Locator {
  const spaced = [...text].join('\\s*');
  return schemaList(page).getByRole('button', { name: new RegExp(`(^|\\s)${spaced}$`) });
}

/** The list's click guard (spec: the same action clicked again within 300 ms is refused), plus a margin. */
const CLICK_GUARD_MS = 350;
const lastQueryActions = new WeakMap<Page, Map<string, number>>();

/**
 * Runs a list action (查询, also by Enter in a query input; 重置) as a person would: never twice
 * within the list's click guard, which would refuse the second with 你点击的太快了 and leave the list
 * on the previous query.
 */
async function guardedQueryAction(page: Page, action: '查询' | '重置', run: () => Promise<void>): Promise<void> {
  const actions = lastQueryActions.get(page) ?? new Map<string, number>();
  lastQueryActions.set(page, actions);
  const since = Date.now() - (actions.get(action) ?? 0);
  if (since < CLICK_GUARD_MS) await page.waitForTimeout(CLICK_GUARD_MS - since);
  await run();
  actions.set(action, Date.now());
}

/** Clicks 查询 or 重置, no faster than the list's click guard allows. */
export async function clickQueryButton(page: Page, text: '查询' | '重置'): Promise<void> {
  await guardedQueryAction(page, text, () => listButton(page, text).click());
}

/** Runs the query by Enter in one of its inputs, no faster than the list's click guard allows. */
export async function pressEnterToQuery(input: Locator): Promise<void> {
  await guardedQueryAction(input.page(), '查询', () => input.press('Enter'));
}

/** Chooses an option in the visible antd select dropdown. */
export async function pickOption(page: Page, text: string): Promise<void> {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({
    has: page.locator('.ant-select-item-option-content').getByText(text, { exact: true }),
  });
  await option.click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Picks a dictionary value in a query-bar select (labelled by the item's label). */
export async function chooseQueryOption(page: Page, label: string, text: string): Promise<void> {
  await queryBar(page).getByRole('combobox', { name: label, exact: true }).click();
  await pickOption(page, text);
}

/** Types both ends of a query-bar date range ('YYYY-MM-DD'). */
export async function fillDateRange(page: Page, begin: string, end: string): Promise<void> {
  const start = queryBar(page).getByPlaceholder('开始日期');
  await start.click();
  await start.fill(begin);
  await start.press('Enter');
  const finish = queryBar(page).getByPlaceholder('结束日期');
  await finish.fill(end);
  await finish.press('Enter');
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await expect(start).toHaveValue(begin);
  await expect(finish).toHaveValue(end);
}

/** The form's titles name the entity (新增专家 / 编辑专家); '新增' or '编辑' alone stands for any. */
const FORM_ACTIONS = new Set(['新增', '编辑']);

/** The open modal with this title (新增专家 / 编辑 / 详细信息 / 导入EXCEL). */
export function modal(page: Page, title: string): Locator {
  const text = FORM_ACTIONS.has(title) ? new RegExp(`^${title}\\S+$`) : title;
  return page.locator('.ant-modal').filter({
    has: page.locator('.ant-modal-title').getByText(text, { exact: true }),
  });
}

/** The question a changed form asks before Esc, × or 取消 throw the input away. */
export function discardConfirm(page: Page): Locator {
  return page.locator('.ant-modal-confirm').filter({ hasText: '放弃修改?' });
}

/** Answers 放弃修改? with 放弃 (the form then closes). */
export async function discardChanges(page: Page): Promise<void> {
  const confirm = discardConfirm(page);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /放\s*弃$/ }).click();
  await expect(confirm).toHaveCount(0);
}

/**
 * After 取消 or × of a form that may have been changed: answers 放弃修改? with 放弃 if the form asks,
 * until the form has closed. One look right after the click can come before the question shows and
 * leave it open over the page, where it takes the next click.
 */
export async function closeDiscardingIfAsked(form: Locator): Promise<void> {
  const confirm = discardConfirm(form.page());
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: /放\s*弃$/ }).click({ timeout: 3_000 });
    await expect(form.filter({ visible: true })).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(confirm).toHaveCount(0);
}

/** A Formily form item of a modal, found by its label. */
export function formItem(dialog: Locator, label: string): Locator {
  return dialog.locator('.ant-formily-item').filter({
    has: dialog.page().locator('.ant-formily-item-label label').getByText(label, { exact: true }),
  });
}

/** The text control of a form item. */
export function formInput(dialog: Locator, label: string): Locator {
  return formItem(dialog, label).locator('input, textarea').first();
}

/** The message shown under a form item. */
export function formError(dialog: Locator, label: string): Locator {
  return formItem(dialog, label).locator('.ant-formily-item-error-help');
}

/** Fills text fields of a form by label; leaves the field (blur) so its checks run. */
export async function fillForm(dialog: Locator, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    const input = formInput(dialog, label);
    await input.fill(value);
    await input.blur();
  }
}

/** Chooses a dictionary option in a form's select. */
export async function chooseFormOption(dialog: Locator, label: string, text: string): Promise<void> {
  await formItem(dialog, label).locator('.ant-select-selector').click();
  await pickOption(dialog.page(), text);
}

/** Clicks the radio with this text in a form item. */
export async function chooseRadio(dialog: Locator, label: string, text: string): Promise<void> {
  await formItem(dialog, label).locator('.ant-radio-wrapper').filter({ hasText: text }).click();
}

/** The value cell beside a label of the bordered 详细信息 table. */
export function detailValue(dialog: Locator, label: string): Locator {
  return dialog
    .locator('th.ant-descriptions-item-label')
    .getByText(label, { exact: true })
    .locator('xpath=ancestor-or-self::th[1]/following-sibling::td[1]');
}

/** The 确定 button of a form modal. */
export function okButton(dialog: Locator): Locator {
  return dialog.locator('.ant-modal-footer').getByRole('button', { name: OK_BUTTON });
}

/** The confirmation dialog (modal.confirm) showing this title. */
export function confirmDialog(page: Page, title: string): Locator {
  return page.locator('.ant-modal-confirm').filter({ hasText: title });
}

export interface DownloadedFile {
  name: string;
  body: Buffer;
}

/** Runs `action` and returns the file the browser downloads because of it. */
export async function downloadFrom(page: Page, action: () => Promise<void>): Promise<DownloadedFile> {
  const [download] = await Promise.all([page.waitForEvent('download'), action()]);
  return { name: download.suggestedFilename(), body: await bodyOf(download) };
}

async function bodyOf(download: Download): Promise<Buffer> {
  const failure = await download.failure();
  if (failure) throw new Error(`download of ${download.suggestedFilename()} failed: ${failure}`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An .xlsx is a zip: not empty, starting with 'PK'. */
export function expectXlsx(file: DownloadedFile, name: string | RegExp): void {
  expect(file.name).toMatch(typeof name === 'string' ? new RegExp(`^${name}$`) : name);
  expect(file.name).toMatch(/\.xlsx$/);
  expect(file.body.length).toBeGreaterThan(100);
  expect(file.body.subarray(0, 2).toString('latin1')).toBe('PK');
}

/** Our sheets: two title rows, then the header row, then the data (server/excel/sheetLayout). */
export const HEADER_ROW = 3;

export interface SheetContent {
  headers: string[];
  /** Data rows as header → cell text. */
  rows: Record<string, string>[];
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return String(value);
}

/** The first sheet of a workbook: its headers (row 3) and data rows below them. */
export async function readSheet(body: Buffer): Promise<SheetContent> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const headers: string[] = [];
  sheet.getRow(HEADER_ROW).eachCell({ includeEmpty: true }, (cell, column) => {
    headers[column - 1] = cellText(cell.value);
  });
  const rows: Record<string, string>[] = [];
  for (let r = HEADER_ROW + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (!row.hasValues) continue;
    const record: Record<string, string> = {};
    headers.forEach((header, i) => {
      if (header) record[header] = cellText(row.getCell(i + 1).value);
    });
    rows.push(record);
  }
  return { headers: headers.filter(Boolean), rows };
}

/**
 * The downloaded import template with rows appended under its header (header title → value);
 * the template's own title and header rows stay as they are.
 */
export async function fillTemplate(template: Buffer, rows: Record<string, string | number>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const columns = new Map<string, number>();
  sheet.getRow(HEADER_ROW).eachCell((cell, column) => columns.set(cellText(cell.value), column));
  rows.forEach((values, i) => {
    const row = sheet.getRow(HEADER_ROW + 1 + i);
    for (const [header, value] of Object.entries(values)) {
      const column = columns.get(header);
      if (column === undefined) throw new Error(`the template has no column ${header} (has ${[...columns.keys()].join(', ')})`);
      row.getCell(column).value = value;
    }
    row.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
