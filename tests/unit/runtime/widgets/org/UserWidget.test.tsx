import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompiledField } from '../../../../../runtime/schema/compiledPageTypes';
import UserWidget from '../../../../../runtime/widgets/org/UserWidget';
import { fail } from '../../list/fakeHost';
import { createOrgServer, orgField, USERS, WidgetHarness } from './fixtures';

function setup(name: 'handler' | 'team', initial: unknown, field: CompiledField = orgField(name)) {
  const { fake, server } = createOrgServer();
  const user = userEvent.setup();
  render(<WidgetHarness widget={UserWidget} field={field} initial={initial} host={fake.host} />);
  const input = screen.getByPlaceholderText(name === 'handler' ? '请选择经办人' : '请选择协办人');
  return { fake, server, user, input };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, input: HTMLElement) {
  await user.click(input);
  const dialogs = await screen.findAllByRole('dialog');
  const dialog = dialogs.at(-1) as HTMLElement;
  await within(dialog).findByText('admin');
  return dialog;
}

function row(dialog: HTMLElement, username: string): HTMLElement {
  const cell = within(dialog).getByText(username);
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${username}`);
  return tr;
}

function pickInput(dialog: HTMLElement, username: string): HTMLInputElement {
  const input = row(dialog, username).querySelector('input');
  if (!input) throw new Error(`no selection box for ${username}`);
  return input;
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null') as unknown;
const ok = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定/ });

// Dialogs with a table and a tree are slow to render in jsdom on a busy machine.
describe('user widget', { timeout: 30_000 }, () => {
  it('shows the real names of the stored usernames', async () => {
    const { input, fake } = setup('team', 'lisi,zhangsan');
    await waitFor(() => expect(input).toHaveValue('李四,张三'));
    expect(fake.callsTo('get', '/sys/user/getMultiUser')[0].params).toEqual({ ids: 'lisi,zhangsan' });
  });

  it('shows a stored username the server does not know as it is, and a stored id by its real name', async () => {
    const { input } = setup('handler', 'ghost');
    await waitFor(() => expect(input).toHaveValue('ghost'));
    const byId = setup('team', 'u-0003,zhangsan');
    await waitFor(() => expect(byId.input).toHaveValue('李四,张三'));
  });

  it("opens '根据部门选择用户', 1250 wide: department tree, 账号/姓名 filters, and the users table", async () => {
    const { input, user, fake } = setup('handler', null);
    const dialog = await openDialog(user, input);
    expect(within(dialog).getByText('根据部门选择用户')).toBeInTheDocument();
    expect(dialog.closest('.ant-modal') ?? dialog).toHaveStyle({ width: '1250px' });
    expect(await within(dialog).findByText('车险理赔部', { selector: '.ant-tree-title' })).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('请输入账号')).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('请输入姓名')).toBeInTheDocument();
    for (const title of ['用户账号', '用户姓名', '性别', '手机号码', '部门']) expect(within(dialog).getByText(title)).toBeInTheDocument();
    expect(within(row(dialog, 'wangwu')).getByText('女')).toBeInTheDocument();
    expect(within(row(dialog, 'zhangsan')).getByText('车险理赔部,财产险理赔部')).toBeInTheDocument();
    expect(within(dialog).getByText('1-4 共4条')).toBeInTheDocument();
    expect(fake.callsTo('get', '/sys/user/queryUserComponentData')[0].params).toEqual({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' });
    expect(pickInput(dialog, 'admin')).toHaveAttribute('type', 'radio');
  });

  it('single mode keeps the latest pick; OK stores the username and shows the real name', async () => {
    const { input, user } = setup('handler', null);
    const dialog = await openDialog(user, input);
    await user.click(pickInput(dialog, 'zhangsan'));
    await user.click(within(dialog).getByText('李四'));
    expect(pickInput(dialog, 'zhangsan')).not.toBeChecked();
    expect(pickInput(dialog, 'lisi')).toBeChecked();
    await user.click(ok(dialog));
    expect(value()).toBe('lisi');
    expect(input).toHaveValue('李四');
  });

  it('multiple mode stores every picked username, picks on other pages included', async () => {
    const { input, user, server, fake } = setup('team', null);
    server.users = [
      ...USERS,
      ...Array.from({ length: 8 }, (_, i) => ({ ...USERS[2], id: `u-01${i}0`, username: `adjuster${i}`, realname: `公估师${i}` })),
    ];
    const dialog = await openDialog(user, input);
    expect(within(dialog).getByText('1-10 共12条')).toBeInTheDocument();
    expect(pickInput(dialog, 'admin')).toHaveAttribute('type', 'checkbox');
    await user.click(pickInput(dialog, 'wangwu'));
    await user.click(pickInput(dialog, 'lisi'));
    await user.click(within(dialog).getByTitle('2'));
    expect(await within(dialog).findByText('adjuster7')).toBeInTheDocument();
    expect(fake.callsTo('get', '/sys/user/queryUserComponentData').at(-1)?.params).toMatchObject({ pageNo: 2, pageSize: 10 });
    await user.click(pickInput(dialog, 'adjuster7'));
    // The picks so far are listed above the table.
    const picked = within(dialog).getByLabelText('已选择：');
    expect(within(picked).getByText('王五')).toBeInTheDocument();
    expect(within(picked).getByText('公估师7')).toBeInTheDocument();
    await user.click(ok(dialog));
    expect(value()).toBe('wangwu,lisi,adjuster7');
    expect(input).toHaveValue('王五,李四,公估师7');
  });

  it('filters by account and name with 查询, by department on a click, and 重置 clears them all', async () => {
    const { input, user, fake } = setup('team', null);
    const dialog = await openDialog(user, input);
    const calls = () => fake.callsTo('get', '/sys/user/queryUserComponentData');

    await user.type(within(dialog).getByPlaceholderText('请输入账号'), 'an');
    await user.click(within(dialog).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(within(dialog).queryByText('admin')).toBeNull());
    expect(calls().at(-1)?.params).toMatchObject({ username: 'an', pageNo: 1 });
    expect(within(dialog).getByText('zhangsan')).toBeInTheDocument();

    await user.type(within(dialog).getByPlaceholderText('请输入姓名'), '王{Enter}');
    await waitFor(() => expect(within(dialog).queryByText('zhangsan')).toBeNull());
    expect(calls().at(-1)?.params).toMatchObject({ username: 'an', realname: '王' });

    await user.click(within(dialog).getByRole('button', { name: /重\s*置/ }));
    expect(await within(dialog).findByText('admin')).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('请输入账号')).toHaveValue('');
    expect(calls().at(-1)?.params).toEqual({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' });

    await user.click(await within(dialog).findByText('车险理赔部', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(within(dialog).queryByText('admin')).toBeNull());
    expect(calls().at(-1)?.params).toMatchObject({ departId: 'd-claims', pageNo: 1 });
    expect(within(dialog).getByText('lisi')).toBeInTheDocument();
    // A second click on the same department shows everyone again.
    await user.click(within(dialog).getByText('车险理赔部', { selector: '.ant-tree-title' }));
    expect(await within(dialog).findByText('admin')).toBeInTheDocument();
    expect(calls().at(-1)?.params).not.toHaveProperty('departId', 'd-claims');
  });

  it('restores the picks from the value; cancel and close discard new picks', async () => {
    const { input, user } = setup('team', 'zhangsan');
    await waitFor(() => expect(input).toHaveValue('张三'));
    let dialog = await openDialog(user, input);
    expect(pickInput(dialog, 'zhangsan')).toBeChecked();
    await user.click(pickInput(dialog, 'lisi'));
    await user.click(within(dialog).getByRole('button', { name: /关\s*闭/ }));
    expect(value()).toBe('zhangsan');

    dialog = await openDialog(user, input);
    expect(pickInput(dialog, 'lisi')).not.toBeChecked();
    await user.click(pickInput(dialog, 'zhangsan'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(value()).toBe('zhangsan');

    dialog = await openDialog(user, input);
    await user.click(pickInput(dialog, 'admin'));
    await user.click(ok(dialog));
    expect(value()).toBe('zhangsan,admin');
    expect(input).toHaveValue('张三,管理员');
  });

  it('stores ids when the field asks for them', async () => {
    const base = orgField('handler');
    const field = { ...base, options: { ...base.options, userValue: 'id' } } as CompiledField;
    const { input, user, fake } = setup('handler', 'u-0004', field);
    await waitFor(() => expect(input).toHaveValue('王五'));
    expect(fake.callsTo('get', '/sys/user/getMultiUser')[0].params).toEqual({ ids: 'u-0004' });
    const dialog = await openDialog(user, input);
    expect(pickInput(dialog, 'wangwu')).toBeChecked();
    await user.click(pickInput(dialog, 'admin'));
    await user.click(ok(dialog));
    expect(value()).toBe('u-0001');
  });

  it("says so when no user matches, and shows the server's message as a warning when the list fails", async () => {
    const { input, user, server, fake } = setup('handler', null);
    const dialog = await openDialog(user, input);
    await user.type(within(dialog).getByPlaceholderText('请输入账号'), 'nobody{Enter}');
    expect(await within(dialog).findByText('暂无用户')).toBeInTheDocument();

    server.override.set('/sys/user/queryUserComponentData', fail('查询用户失败'));
    await user.click(within(dialog).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '查询用户失败' }));
    expect(within(dialog).getByText('暂无用户')).toBeInTheDocument();
  });

  it('clears the field with the clear icon', async () => {
    const { input, user } = setup('handler', 'lisi');
    await waitFor(() => expect(input).toHaveValue('李四'));
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(value()).toBeNull();
    expect(input).toHaveValue('');
  });
});
