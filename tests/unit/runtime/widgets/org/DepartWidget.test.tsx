import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import DepartWidget from '../../../../../runtime/widgets/org/DepartWidget';
import { fail } from '../../list/fakeHost';
import { createOrgServer, orgField, WidgetHarness } from './fixtures';

function setup(name: 'depart' | 'departs', initial: unknown, opts: { disabled?: boolean } = {}) {
  const { fake, server } = createOrgServer();
  const user = userEvent.setup();
  render(<WidgetHarness widget={DepartWidget} field={orgField(name)} initial={initial} host={fake.host} disabled={opts.disabled} />);
  const input = screen.getByPlaceholderText(name === 'depart' ? '请选择承办部门' : '请选择协办部门');
  return { fake, server, user, input };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, input: HTMLElement) {
  await user.click(input);
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('华泰公估有限公司');
  return dialog;
}

function checkedNames(dialog: HTMLElement): string[] {
  return [...dialog.querySelectorAll('.ant-tree-treenode-checkbox-checked .ant-tree-title')].map((el) => el.textContent ?? '');
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null') as unknown;

// Dialogs with a table and a tree are slow to render in jsdom on a busy machine.
describe('depart widget', { timeout: 30_000 }, () => {
  it('shows the names of the stored ids', async () => {
    const { input, fake } = setup('departs', 'd-claims,d-finance');
    await waitFor(() => expect(input).toHaveValue('车险理赔部,财务部'));
    expect(fake.callsTo('get', '/sys/sysDepart/queryTreeList')).toHaveLength(1);
  });

  it('shows an id no department has any more as it is, once the tree has answered', async () => {
    const { input } = setup('departs', 'd-gone,d-sh');
    expect(input).toHaveValue('');
    await waitFor(() => expect(input).toHaveValue('d-gone,上海理赔部'));
  });

  it("opens '选择部门', 500 wide, with a search box and the checkable tree", async () => {
    const { input, user } = setup('depart', null);
    const dialog = await openDialog(user, input);
    expect(within(dialog).getByText('选择部门')).toBeInTheDocument();
    expect(dialog.closest('.ant-modal') ?? dialog).toHaveStyle({ width: '500px' });
    expect(within(dialog).getByPlaceholderText('请输入部门名称按回车进行搜索')).toBeInTheDocument();
    expect(within(dialog).getByText('上海理赔部')).toBeInTheDocument();
    expect(dialog.querySelectorAll('.ant-tree-checkbox').length).toBe(6);
  });

  it('single mode keeps only the latest check; OK stores its id and shows its name', async () => {
    const { input, user } = setup('depart', null);
    const dialog = await openDialog(user, input);
    await user.click(within(dialog).getByText('车险理赔部'));
    await user.click(within(dialog).getByText('财务部'));
    expect(checkedNames(dialog)).toEqual(['财务部']);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(value()).toBe('d-finance');
    expect(input).toHaveValue('财务部');
  });

  it('checks are not linked: checking the company does not check its departments', async () => {
    const { input, user } = setup('departs', null);
    const dialog = await openDialog(user, input);
    const company = within(dialog).getByText('华泰公估有限公司').closest('.ant-tree-treenode');
    const box = company?.querySelector('.ant-tree-checkbox');
    if (!box) throw new Error('no checkbox');
    await user.click(box);
    expect(checkedNames(dialog)).toEqual(['华泰公估有限公司']);
  });

  it('multiple mode stores every checked id comma-joined, in the order checked', async () => {
    const { input, user } = setup('departs', null);
    const dialog = await openDialog(user, input);
    await user.click(within(dialog).getByText('上海理赔部'));
    await user.click(within(dialog).getByText('车险理赔部'));
    await user.click(within(dialog).getByText('财务部'));
    await user.click(within(dialog).getByText('财务部'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(value()).toBe('d-sh,d-claims');
    expect(input).toHaveValue('上海理赔部,车险理赔部');
  });

  it('restores the checks from the value, and cancel or close discards new checks', async () => {
    const { input, user } = setup('departs', 'd-property');
    await waitFor(() => expect(input).toHaveValue('财产险理赔部'));
    let dialog = await openDialog(user, input);
    expect(checkedNames(dialog)).toEqual(['财产险理赔部']);
    await user.click(within(dialog).getByText('财务部'));
    await user.click(within(dialog).getByRole('button', { name: /关\s*闭/ }));
    expect(value()).toBe('d-property');

    await user.click(input);
    dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    await within(dialog).findByText('财务部');
    expect(checkedNames(dialog)).toEqual(['财产险理赔部']);
    await user.click(within(dialog).getByText('财务部'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(value()).toBe('d-property');
    expect(input).toHaveValue('财产险理赔部');
  });

  it('OK with every check removed clears the field; the clear icon does too', async () => {
    const { input, user } = setup('departs', 'd-property');
    await waitFor(() => expect(input).toHaveValue('财产险理赔部'));
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(value()).toBeNull();
    expect(input).toHaveValue('');

    const again = setup('depart', 'd-finance');
    await waitFor(() => expect(again.input).toHaveValue('财务部'));
    const dialog = await openDialog(again.user, again.input);
    await again.user.click(within(dialog).getByText('财务部'));
    await again.user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(again.input).toHaveValue('');
  });

  it('searches on enter and lists matching departments with their path; an empty search brings the tree back', async () => {
    const { input, user, fake } = setup('departs', null);
    const dialog = await openDialog(user, input);
    const search = within(dialog).getByPlaceholderText('请输入部门名称按回车进行搜索');
    await user.type(search, '理赔{Enter}');
    expect(await within(dialog).findByText('华泰公估有限公司上海分公司 / 上海理赔部')).toBeInTheDocument();
    expect(fake.callsTo('get', '/sys/sysDepart/searchBy').at(-1)?.params).toEqual({ keyWord: '理赔' });
    expect(within(dialog).queryByText('财务部')).toBeNull();
    await user.click(within(dialog).getByText('上海理赔部'));

    await user.clear(search);
    await user.type(search, '{Enter}');
    expect(await within(dialog).findByText('财务部')).toBeInTheDocument();
    // The check made among the search results stays.
    expect(checkedNames(dialog)).toEqual(['上海理赔部']);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(value()).toBe('d-sh');
  });

  it('says so when the search finds nothing', async () => {
    const { input, user } = setup('depart', null);
    const dialog = await openDialog(user, input);
    await user.type(within(dialog).getByPlaceholderText('请输入部门名称按回车进行搜索'), '不存在{Enter}');
    expect(await within(dialog).findByText('未找到匹配的部门')).toBeInTheDocument();
  });

  it("shows the server's message as a warning when the tree cannot be loaded", async () => {
    const { input, user, server, fake } = setup('depart', null);
    server.override.set('/sys/sysDepart/queryTreeList', fail('部门数据加载失败'));
    await user.click(input);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('暂无部门')).toBeInTheDocument();
    expect(fake.notices).toContainEqual({ kind: 'warning', text: '部门数据加载失败' });
  });

  it('a department tree that is empty says so', async () => {
    const { input, user, server } = setup('depart', null);
    server.tree = [];
    await user.click(input);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('暂无部门')).toBeInTheDocument();
  });

  it('does not open when disabled', async () => {
    const { input, user } = setup('depart', 'd-finance', { disabled: true });
    await waitFor(() => expect(input).toHaveValue('财务部'));
    await user.click(input);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
  });
});
