// The editable grid's widget cells in jsdom: sel_user, sel_depart, popup and upload cells edit
// with the registered widgets (their dialogs, their server calls through the Host), show names,
// write the row, and a pick in a dialog is not cut short by the mouse-up that ends editing.
import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createGrid, useGridEditing, useGridErrors, useGridRows, type GridColumnSpec, type GridController } from '../../../../../runtime/grid';
import type { Host } from '../../../../../runtime/host/types';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { GridCellEnvProvider, type GridCellEnv } from '../../../../../runtime/views/grid/cellEnv';
import { GridCell } from '../../../../../runtime/views/grid/GridCell';
import { createFakeHost, fail, ok, type FakeHost } from '../../list/fakeHost';
import { createOrgServer } from '../../widgets/org/fixtures';
import { fileInput, pdf, REPORT, stored } from '../../widgets/upload/support';

/** One grid row's cells, as GridView renders them, with GridView's harshest mouse-up rule: every release ends editing. */
function Row({ grid, env }: { grid: GridController; env: GridCellEnv }) {
  const { rows } = useGridRows(grid);
  const editing = useGridEditing(grid);
  const errors = useGridErrors(grid);
  useEffect(() => {
    const end = () => grid.endEditing();
    document.addEventListener('mouseup', end);
    return () => document.removeEventListener('mouseup', end);
  }, [grid]);
  const [row] = rows;
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <GridCellEnvProvider env={env}>
        {grid.columns
          .filter((column) => column.visible)
          .map((column) => (
            <div key={column.key} data-testid={`cell-${column.key}`}>
              <GridCell grid={grid} rowId={row.id} column={column} value={row.values[column.key]} editing={editing.get(row.id) === column.key} active={editing.get(row.id) === column.key} error={errors[row.id]?.[column.key]} />
            </div>
          ))}
      </GridCellEnvProvider>
    </ConfigProvider>
  );
}

function setup(columns: GridColumnSpec[], values: Record<string, unknown>, host: Host, env: Partial<GridCellEnv> = {}) {
  const grid = createGrid({ columns });
  grid.load([{ id: 'r1', ...values }]);
  const user = userEvent.setup();
  render(<Row grid={grid} env={{ host, ...env }} />);
  const cell = (key: string) => screen.getByTestId(`cell-${key}`);
  const value = (key: string) => grid.store.getRow('r1')?.values[key];
  return { grid, user, cell, value };
}

async function openCell(user: ReturnType<typeof userEvent.setup>, cell: HTMLElement) {
  await user.click(cell.querySelector('.grid-cell') as HTMLElement);
  const input = await within(cell).findByRole('textbox');
  await user.click(input);
  const dialogs = await screen.findAllByRole('dialog');
  return dialogs.at(-1) as HTMLElement;
}

const okIn = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定/ });

afterEach(() => {
  document.body.innerHTML = '';
});

// Dialogs with a table and a tree are slow to render in jsdom on a busy machine.
describe('grid cell sel_user', { timeout: 30_000 }, () => {
  const columns: GridColumnSpec[] = [{ key: 'staffUser', title: '员工', type: 'sel_user' }, { key: 'remark', title: '备注' }];

  it('shows the stored username by real name while not editing', async () => {
    const { fake } = createOrgServer();
    const { cell } = setup(columns, { staffUser: 'lisi' }, fake.host);
    await waitFor(() => expect(cell('staffUser')).toHaveTextContent('李四'));
    expect(cell('staffUser').querySelector('input')).toBeNull();
  });

  it("edits with '根据部门选择用户': the pick survives presses in the dialog, OK stores the username and the cell shows the real name", async () => {
    const { fake } = createOrgServer();
    const { user, cell, value, grid } = setup(columns, { staffUser: '' }, fake.host);
    const dialog = await openCell(user, cell('staffUser'));
    expect(within(dialog).getByText('根据部门选择用户')).toBeInTheDocument();
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '1250px' });
    await within(dialog).findByText('zhangsan');
    // Presses in the dialog (a row, the department tree) release on the document: the cell keeps editing.
    await user.click(within(dialog).getByText('张三'));
    await user.click(within(dialog).getByText('车险理赔部', { selector: '.ant-tree-title' }));
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(grid.editing.activeCell('r1')).toBe('staffUser');
    await within(dialog).findByText('lisi');
    await user.click(within(dialog).getByText('李四'));
    await user.click(okIn(dialog));
    expect(value('staffUser')).toBe('lisi');
    await waitFor(() => expect(within(cell('staffUser')).getByRole('textbox')).toHaveValue('李四'));
    // A release outside ends the editing; the cell shows the name.
    await act(async () => {
      document.body.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 10));
    });
    await waitFor(() => expect(cell('staffUser').querySelector('input')).toBeNull());
    expect(cell('staffUser')).toHaveTextContent('李四');
  });

  it('a press on the mask closes the dialog without ending the editing', async () => {
    const { fake } = createOrgServer();
    const { user, cell, grid } = setup(columns, { staffUser: '' }, fake.host);
    const dialog = await openCell(user, cell('staffUser'));
    const wrap = dialog.closest('.ant-modal-wrap') as HTMLElement;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(grid.editing.activeCell('r1')).toBe('staffUser');
  });
});

describe('grid cell sel_depart', { timeout: 30_000 }, () => {
  const columns: GridColumnSpec[] = [{ key: 'depart', title: '部门', type: 'sel_depart' }];

  it("shows department names; edits with '选择部门' and stores the department id", async () => {
    const { fake } = createOrgServer();
    const { user, cell, value } = setup(columns, { depart: 'd-finance' }, fake.host);
    await waitFor(() => expect(cell('depart')).toHaveTextContent('财务部'));
    const dialog = await openCell(user, cell('depart'));
    expect(within(dialog).getByText('选择部门')).toBeInTheDocument();
    await user.click(await within(dialog).findByText('上海理赔部'));
    await user.click(okIn(dialog));
    expect(value('depart')).toBe('d-sh');
    await waitFor(() => expect(within(cell('depart')).getByRole('textbox')).toHaveValue('上海理赔部'));
  });
});

describe('grid cell popup', { timeout: 30_000 }, () => {
  const root = path.resolve(__dirname, '../../../../..');
  const source = 'schemas/pages/examples/caseContact.json';
  const page = (() => {
    const result = loadPageSchema(JSON.parse(fs.readFileSync(path.join(root, source), 'utf8')), source);
    if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('；'));
    return result.page;
  })();
  const API = '/online/cgreport/api';

  function reportHost(): FakeHost {
    const fake = createFakeHost();
    fake.respond((call) => {
      if (call.url.startsWith(`${API}/getRpColumns/`)) {
        return ok({
          columns: [
            { title: '公司编码', dataIndex: 'companyCode' },
            { title: '公司名称', dataIndex: 'companyName' },
            { title: '联系电话', dataIndex: 'contactPhone' },
          ],
          dictOptions: {},
          cgRpConfigId: 'insurance_company_report',
          cgRpConfigName: '选择保险公司',
        });
      }
      if (call.url.startsWith(`${API}/getQueryInfo/`)) return ok([]);
      if (call.url.startsWith(`${API}/getData/`)) {
        return ok({ total: 2, records: [{ id: 'c1', companyCode: 'C01', companyName: '人保财险', contactPhone: '95518' }, { id: 'c2', companyCode: 'C02', companyName: '平安产险', contactPhone: '95511' }] });
      }
      return fail('未知请求');
    });
    return fake;
  }

  it("picks a report row and fills the row's destination cells; a destination without a column is dropped", async () => {
    const fake = reportHost();
    const columns: GridColumnSpec[] = [
      { key: 'insuranceCompanyName', title: '保险公司', type: 'popup' },
      { key: 'insuranceCompanyCode', title: '保险公司编码', disabled: true },
    ];
    const { user, cell, value, grid } = setup(columns, { insuranceCompanyName: '', insuranceCompanyCode: '' }, fake.host, { fieldOf: (key) => page.fieldByName.get(key) });
    await user.click(cell('insuranceCompanyName').querySelector('.grid-cell') as HTMLElement);
    // The popup's code loads on first use.
    await user.click(await within(cell('insuranceCompanyName')).findByRole('button', { name: '选择' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click((await within(dialog).findByText('平安产险')).closest('tr') as HTMLElement);
    await user.click(okIn(dialog));
    expect(value('insuranceCompanyName')).toBe('平安产险');
    expect(value('insuranceCompanyCode')).toBe('C02');
    expect(grid.store.getRow('r1')?.values).not.toHaveProperty('companyPhone');
    expect(grid.store.isEdited('r1')).toBe(true);
  });

  it("shows a value stored with the page popup's spliter comma-separated, as its input does", () => {
    const field = page.fieldByName.get('insuranceCompanyName');
    if (!field?.options.popup) throw new Error('the example has a company popup');
    const withSpliter = { ...field, options: { ...field.options, popup: { ...field.options.popup, multi: true, spliter: ';' } } };
    const { cell } = setup([{ key: 'insuranceCompanyName', title: '保险公司', type: 'popup' }], { insuranceCompanyName: '人保财险;平安产险' }, reportHost().host, {
      fieldOf: (key) => (key === field.name ? withSpliter : page.fieldByName.get(key)),
    });
    expect(within(cell('insuranceCompanyName')).getByText('人保财险,平安产险')).toBeInTheDocument();
  });
});

describe('grid cell upload', { timeout: 30_000 }, () => {
  const column: GridColumnSpec = { key: 'files', title: '附件', type: 'upload', token: true };

  it('empty: the upload button (上传文件); a chosen file uploads with isup=1 and the token, and the cell shows its name cut to 5 characters', async () => {
    const fake = createFakeHost();
    fake.respond((call) => (call.method === 'upload' ? stored(REPORT) : ok(null)));
    const { cell, value } = setup([column], { files: '' }, fake.host);
    expect(within(cell('files')).getByRole('button', { name: /上传文件/ })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.upload(fileInput(cell('files')), pdf('现场查勘报告.pdf'));
    await waitFor(() => expect(value('files')).toBe(REPORT));
    const [call] = fake.callsTo('upload', '/sys/common/upload');
    expect(call.options).toMatchObject({ fields: { isup: '1', biz: 'temp' } });
    expect(call.options).not.toHaveProperty('withToken');
    await waitFor(() => expect(cell('files')).toHaveTextContent('现场查勘报…'));
  });

  it('a column without token uploads without the session token, to its own action', async () => {
    const fake = createFakeHost();
    fake.respond(() => stored(REPORT));
    const { cell } = setup([{ key: 'files', type: 'upload', action: '/custom/upload' }], { files: '' }, fake.host);
    await userEvent.setup().upload(fileInput(cell('files')), pdf());
    await waitFor(() => expect(fake.callsTo('upload', '/custom/upload')).toHaveLength(1));
    expect(fake.callsTo('upload', '/custom/upload')[0].options).toMatchObject({ withToken: false });
  });

  it('the 操作 menu offers 下载, 删除 and 更多; 删除 empties the cell, 更多 opens 文件上传', async () => {
    const fake = createFakeHost();
    fake.respond((call) => (call.method === 'getBlob' ? new Blob(['%PDF']) : ok(null)));
    const { user, cell, value } = setup([column], { files: REPORT }, fake.host);
    expect(cell('files')).toHaveTextContent('查勘报告.…');
    await user.click(within(cell('files')).getByRole('button', { name: '操作' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['下载', '删除', '更多']);
    await user.click(within(menu).getByText('下载'));
    await waitFor(() => expect(fake.saved.map((file) => file.fileName)).toEqual(['查勘报告.pdf']));

    await user.click(within(cell('files')).getByRole('button', { name: '操作' }));
    await user.click(within(await screen.findByRole('menu')).getByText('更多'));
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByText('文件上传')).toBeInTheDocument();
    expect(within(popup).getByText('查勘报告.pdf')).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: /取\s*消/ }));

    await user.click(within(cell('files')).getByRole('button', { name: '操作' }));
    const menus = await screen.findAllByRole('menu');
    await user.click(within(menus.at(-1) as HTMLElement).getByText('删除'));
    expect(value('files')).toBe('');
    expect(within(cell('files')).getByRole('button', { name: /上传文件/ })).toBeInTheDocument();
  });

  it('allowDownload / allowRemove false hide 下载 / 删除', async () => {
    const fake = createFakeHost();
    const { user, cell } = setup([{ ...column, allowDownload: false, allowRemove: false }], { files: REPORT }, fake.host);
    await user.click(within(cell('files')).getByRole('button', { name: '操作' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['更多']);
  });

  it("a refused upload shows the server's reason and opens 上传出错 on click", async () => {
    const fake = createFakeHost();
    fake.respond(() => fail('文件类型不允许'));
    const { user, cell, value } = setup([column], { files: '' }, fake.host);
    await user.upload(fileInput(cell('files')), pdf('病毒.pdf'));
    const failed = await within(cell('files')).findByRole('button', { name: /病毒/ });
    expect(value('files')).toBe('');
    await user.click(failed);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('上传出错')).toBeInTheDocument();
    expect(within(dialog).getByText('错误信息：文件类型不允许')).toBeInTheDocument();
  });
});
