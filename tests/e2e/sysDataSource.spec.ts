/**
 * 数据源 and 服务节点 as an administrator uses them: a data source pointing at a PostgreSQL server of
 * this test run (started here: the e2e server itself runs on the embedded database) is added with
 * 测试连接 pressed in the form first; its password is never shown again; the row's 测试连接 connects
 * with the stored one and a wrong database is named. 服务节点 lists the running server 在线.
 * Screenshots go to test-results/screens/.
 */
import { expect, test, type Page } from '@playwright/test';
import { OK_BUTTON, openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { fillForm, formInput, listButton, listRow, modal, schemaList } from './support/schemaPage';
import { startPostgres, type PostgresServer } from '../support/postgresServer';

const links = (page: Page, text: string) => listRow(page, text).locator('td').last().locator('a');

test.describe('数据源、服务节点', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let postgres: PostgresServer;
  let jdbcUrl: string;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    postgres = await startPostgres();
    const url = new URL(postgres.url('postgres'));
    jdbcUrl = `jdbc:postgresql://${url.hostname}:${url.port}/postgres`;
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => {
    await page?.close();
    await postgres?.stop();
  });

  test('adds a data source after 测试连接 in the form succeeds', async () => {
    await openFromMenu(page, '系统管理', '数据源');
    await expect(schemaList(page)).toBeVisible();
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增数据源');
    await fillForm(dialog, { 数据源编码: 'claims_archive', 数据源名称: '理赔归档库', 数据源地址: jdbcUrl, 用户名: 'postgres', 密码: 'archive-pw' });
    await expect(dialog).toContainText('PostgreSQL');
    await screenshot(page, 'sysdatasource-01-add-form');
    await dialog.getByRole('button', { name: /测试连接/ }).click();
    await expect(toast(page, '数据库连接成功')).toBeVisible();
    await screenshot(page, 'sysdatasource-02-form-test-ok');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(listRow(page, 'claims_archive')).toContainText('理赔归档库');
    await expect(listRow(page, 'claims_archive')).toContainText(jdbcUrl);
    await expect(links(page, 'claims_archive')).toHaveText(['编辑', '测试连接', '删除']);
    await screenshot(page, 'sysdatasource-03-list');
  });

  test('the row 测试连接 uses the stored password; the edit form never shows it and names a wrong database', async () => {
    await links(page, 'claims_archive').filter({ hasText: '测试连接' }).click();
    await expect(toast(page, '数据库连接成功')).toBeVisible();
    await links(page, 'claims_archive').filter({ hasText: '编辑' }).click();
    const dialog = modal(page, '编辑数据源');
    await expect(formInput(dialog, '数据源编码')).toHaveValue('claims_archive');
    await expect(formInput(dialog, '密码')).toHaveValue('');
    await expect(formInput(dialog, '密码')).toHaveAttribute('placeholder', '编辑时不填则保留原密码');
    await formInput(dialog, '数据源地址').fill(jdbcUrl.replace(/\/postgres$/, '/no_such_db'));
    await dialog.getByRole('button', { name: /测试连接/ }).click();
    await expect(toast(page, '数据库连接失败：数据库「no_such_db」不存在')).toBeVisible();
    await screenshot(page, 'sysdatasource-04-edit-test-failed');
    await formInput(dialog, '数据源地址').fill(jdbcUrl);
    await formInput(dialog, '备注').fill('月底报表使用');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '编辑成功！')).toBeVisible();
    // The blank password kept the stored one.
    await links(page, 'claims_archive').filter({ hasText: '测试连接' }).click();
    await expect(toast(page, '数据库连接成功').last()).toBeVisible();
  });

  test('服务节点 (in place of 网关路由) lists this server 在线', async () => {
    await openFromMenu(page, '系统管理', '服务节点');
    const row = schemaList(page).locator('.ant-table-tbody tr.ant-table-row').first();
    await expect(row).toContainText('在线');
    await expect(row).toContainText('0.1.0');
    await expect(row).toContainText('内置数据库（PGlite）');
    await screenshot(page, 'sysdatasource-05-service-nodes');
  });
});
