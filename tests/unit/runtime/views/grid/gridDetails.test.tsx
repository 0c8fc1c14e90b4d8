// The grid's 详细信息 modal (a click on the row number, or on a cell that cannot edit), its sub-form
// popover (resting on the row number) and its expanded sub-form show a row the way its cells do:
// users and departments by name, files by name, options by text — never the stored username,
// department id or file path. 详细信息 is 1200 px wide with a 全屏 switch; the toolbar's 展开 unfolds
// every row's sub-form and 收起 folds them again.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { pretendLayout } from '../../../../support/pretendLayout';
import { createGrid, type GridColumnSpec } from '../../../../../runtime/grid';
import { GridCellEnvProvider } from '../../../../../runtime/views/grid/cellEnv';
import { GridView } from '../../../../../runtime/views/grid/GridView';
import { createOrgServer } from '../../widgets/org/fixtures';

const COLUMNS: GridColumnSpec[] = [
  { key: 'staffUser', title: '员工', type: 'sel_user' },
  { key: 'depart', title: '部门', type: 'sel_depart' },
  { key: 'kind', title: '类别', type: 'select', options: [{ value: 'site', text: '现场查勘' }] },
  { key: 'files', title: '附件', type: 'upload' },
  { key: 'done', title: '完成', type: 'checkbox', props: { customValue: ['Y', 'N'] } },
];

pretendLayout();

function setup() {
  const { fake } = createOrgServer();
  const grid = createGrid({ columns: COLUMNS });
  grid.load([{ id: 'r1', staffUser: 'lisi', depart: 'd-finance', kind: 'site', files: 'temp/20261122/0123456789abcdef_查勘报告.pdf', done: 'Y' }]);
  const { container } = render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <GridCellEnvProvider env={{ host: fake.host }}>
        <GridView grid={grid} />
      </GridCellEnvProvider>
    </ConfigProvider>,
  );
  return { container, grid };
}

describe('grid 详细信息 and sub-form', { timeout: 30_000 }, () => {
  it('a click on the row number opens 详细信息 with names, option text and file names', async () => {
    const { container } = setup();
    await userEvent.click(container.querySelector('.grid-seq') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('详细信息')).toBeInTheDocument();
    await waitFor(() => expect(dialog).toHaveTextContent('李四'));
    await waitFor(() => expect(dialog).toHaveTextContent('财务部'));
    expect(dialog).toHaveTextContent('现场查勘');
    expect(dialog).toHaveTextContent('查勘报告.pdf');
    expect(dialog).not.toHaveTextContent('lisi');
    expect(dialog).not.toHaveTextContent('d-finance');
    expect(dialog).not.toHaveTextContent('temp/20261122');
    expect(within(dialog).getByRole('checkbox')).toBeChecked();
  });

  it('is 1200 px wide; 全屏 fills the window, 退出全屏 goes back, and the next row opens at 1200 px again', async () => {
    const { container } = setup();
    const modal = async () => (await screen.findByRole('dialog')).closest('.ant-modal') as HTMLElement;
    await userEvent.click(container.querySelector('.grid-seq') as HTMLElement);
    expect((await modal()).style.width).toBe('1200px');

    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '全屏' }));
    expect((await modal()).style).toMatchObject({ width: '100%', maxWidth: '100vw', top: '0px' });

    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '退出全屏' }));
    expect((await modal()).style.width).toBe('1200px');
    expect((await modal()).style.top).toBe('');

    // Left in full screen and closed, 详细信息 opens at its own size the next time.
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '全屏' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(container.querySelector('.grid-seq') as HTMLElement);
    expect((await modal()).style.width).toBe('1200px');
    expect(within(await screen.findByRole('dialog')).getByRole('button', { name: '全屏' })).toBeInTheDocument();
  });

  it('展开 shows each row as a sub-form with the same names', async () => {
    const { container } = setup();
    await userEvent.click(screen.getByRole('button', { name: /展\s*开/ }));
    const subForm = container.querySelector('.grid-subform') as HTMLElement;
    await waitFor(() => expect(subForm).toHaveTextContent('李四'));
    await waitFor(() => expect(subForm).toHaveTextContent('财务部'));
    expect(subForm).toHaveTextContent('查勘报告.pdf');
    expect(subForm).not.toHaveTextContent('d-finance');
  });

  it('resting on the row number shows the row as a sub-form popover, with names', async () => {
    const { container } = setup();
    await userEvent.hover(container.querySelector('.grid-seq span') as HTMLElement);
    const popover = await screen.findByText('第1行', {}, { timeout: 5_000 });
    const body = popover.closest('.ant-popover') as HTMLElement;
    await waitFor(() => expect(body).toHaveTextContent('李四'));
    expect(body).toHaveTextContent('现场查勘');
    expect(body).not.toHaveTextContent('lisi');
  });
});

describe('展开 and 收起', { timeout: 30_000 }, () => {
  const columns: GridColumnSpec[] = [
    { key: 'name', title: '名称' },
    { key: 'kind', title: '类别', type: 'select', options: [{ value: 'site', text: '现场查勘' }] },
  ];
  const rows = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, name: `${prefix}行${i}`, kind: 'site' }));

  function mount() {
    const grid = createGrid({ columns });
    grid.load(rows('a', 3));
    const { container } = render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <GridView grid={grid} />
      </ConfigProvider>,
    );
    const subForms = () => [...container.querySelectorAll('.grid-row')].filter((row) => row.querySelector('.grid-subform')).map((row) => row.getAttribute('data-row-id'));
    const arrow = (rowId: string) => container.querySelector(`.grid-row[data-row-id="${rowId}"] .grid-expand`) as HTMLElement;
    return { grid, subForms, arrow };
  }
  const toolbarButton = (name: '展开' | '收起') => screen.queryByRole('button', { name: new RegExp(`^${name[0]}\\s*${name[1]}$`) });

  it("展开 shows every row's sub-form and turns into 收起, which folds them all again", async () => {
    const { subForms } = mount();
    expect(subForms()).toEqual([]);
    await userEvent.click(toolbarButton('展开') as HTMLElement);
    expect(subForms()).toEqual(['a0', 'a1', 'a2']);
    expect(toolbarButton('展开')).toBeNull();

    await userEvent.click(toolbarButton('收起') as HTMLElement);
    expect(subForms()).toEqual([]);
    expect(toolbarButton('收起')).toBeNull();
    expect(toolbarButton('展开')).toBeInTheDocument();
  });

  it("offers 展开 again once one row is folded by its own arrow, and 展开 then unfolds it", async () => {
    const { subForms, arrow } = mount();
    await userEvent.click(toolbarButton('展开') as HTMLElement);
    await userEvent.click(arrow('a1'));
    expect(subForms()).toEqual(['a0', 'a2']);
    await userEvent.click(toolbarButton('展开') as HTMLElement);
    expect(subForms()).toEqual(['a0', 'a1', 'a2']);
  });

  it('offers 展开 for rows that replace expanded ones (another page), not 收起', async () => {
    const { grid, subForms } = mount();
    await userEvent.click(toolbarButton('展开') as HTMLElement);
    act(() => grid.load(rows('b', 2)));
    expect(subForms()).toEqual([]);
    expect(toolbarButton('收起')).toBeNull();
    await userEvent.click(toolbarButton('展开') as HTMLElement);
    expect(subForms()).toEqual(['b0', 'b1']);
  });
});

describe('详细信息 on a click in a cell that cannot edit', { timeout: 30_000 }, () => {
  const columns: GridColumnSpec[] = [
    { key: 'name', title: '名称' },
    { key: 'code', title: '编号', disabled: true },
    { key: 'files', title: '附件', type: 'upload', disabled: true },
  ];

  function mount(options: { savedRowsReadOnly?: boolean } = {}) {
    const { fake } = createOrgServer();
    const grid = createGrid({ columns, ...options });
    grid.load([{ id: 'r1', name: '甲', code: 'NO-1', files: 'temp/20261122/0123456789abcdef_查勘报告.pdf' }]);
    const { container } = render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <GridCellEnvProvider env={{ host: fake.host }}>
          <GridView grid={grid} />
        </GridCellEnvProvider>
      </ConfigProvider>,
    );
    const cell = (rowId: string, key: string) => container.querySelector(`.grid-row[data-row-id="${rowId}"] .grid-cell[data-column="${key}"]`) as HTMLElement;
    return { grid, container, cell };
  }

  it('opens it from a disabled column; an editable cell edits instead', async () => {
    const { cell } = mount();
    await userEvent.click(cell('r1', 'name'));
    expect(cell('r1', 'name')).toHaveAttribute('data-editing', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(cell('r1', 'code'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('详细信息')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('NO-1');
    expect(cell('r1', 'code')).not.toHaveAttribute('data-editing');
  });

  it("leaves a read-only file cell's own menu to itself", async () => {
    const { cell } = mount();
    await userEvent.click(within(cell('r1', 'files')).getAllByRole('button').at(-1) as HTMLElement);
    expect(await screen.findByRole('menuitem', { name: /下载/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /删除/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens it from any cell of a saved row when saved rows are read-only; a row added here edits', async () => {
    const { grid, cell } = mount({ savedRowsReadOnly: true });
    await userEvent.click(cell('r1', 'name'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('甲');
    expect(cell('r1', 'name')).not.toHaveAttribute('data-editing');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    let added = '';
    act(() => {
      [added] = grid.addRows();
    });
    await userEvent.click(cell(added, 'name'));
    expect(cell(added, 'name')).toHaveAttribute('data-editing', 'true');
  });
});
