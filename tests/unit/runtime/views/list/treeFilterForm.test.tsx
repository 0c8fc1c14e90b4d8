/**
 * A list with a tree pane (数据规则: the menu tree beside the rules): the chosen node filters the list
 * and starts a new record on it; a save reloads the tree (its rule counts); in a master–detail
 * drawer that fixes the tree's parameter (菜单管理 → 数据规则) there is no tree.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { SchemaPage } from '../../../../../runtime/views/SchemaPage';
import ruleDocument from '../../../../../schemas/pages/sys/permissionDataRule.json';
import { createFakeHost, ok, type FakeHost } from '../../list/fakeHost';

const LIST = '/sys/permissionDataRule/list';
const TREE = '/sys/permissionDataRule/menuTree';
const ADD = '/sys/permissionDataRule/add';
const loaded = loadPageSchema(ruleDocument, 'schemas/pages/sys/permissionDataRule.json');
if (!loaded.ok) throw new Error('数据规则 loads');
const page = loaded.page;

let fake: FakeHost;
beforeEach(() => {
  fake = createFakeHost();
  fake.respond((call) => {
    if (call.url === LIST) return ok({ records: [], total: 0 });
    if (call.url === TREE) return ok([{ key: 'm0', title: '基础数据', children: [{ key: 'm1', title: '专家' }] }]);
    if (call.url === ADD) return ok('添加成功！', '添加成功！');
    return ok([]);
  });
});

const dialog = () => screen.getByRole('dialog');

describe('a list with a tree pane (数据规则)', () => {
  it('filters by the chosen menu, starts a new rule on it and reloads the tree after the save', async () => {
    const user = userEvent.setup();
    render(
      <ConfigProvider locale={zhCN}>
        <SchemaPage page={page} host={fake.host} />
      </ConfigProvider>,
    );
    await user.click(await screen.findByText('专家'));
    await waitFor(() => expect(fake.callsTo('get', LIST).at(-1)?.params).toMatchObject({ permissionId: 'm1' }));
    expect(fake.callsTo('get', TREE)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await user.type(await within(dialog()).findByPlaceholderText('请输入规则名称'), '本人创建');
    await user.type(within(dialog()).getByPlaceholderText('页面字段名，如 createBy'), 'createBy');
    await user.type(within(dialog()).getByPlaceholderText('如 #{sys_user_code}'), '#{{sys_user_code}');
    await user.click(within(dialog()).getByRole('button', { name: /确/ }));
    await waitFor(() => expect(fake.callsTo('post', ADD)).toHaveLength(1));
    expect(fake.callsTo('post', ADD)[0].body).toMatchObject({ permissionId: 'm1', ruleName: '本人创建', ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}', status: '1' });
    await waitFor(() => expect(fake.callsTo('get', TREE)).toHaveLength(2));
  }, 90_000);

  it('shows no tree in a drawer fixed to one menu', async () => {
    render(
      <ConfigProvider locale={zhCN}>
        <SchemaPage page={page} host={fake.host} fixedValues={{ permissionId: 'm1' }} />
      </ConfigProvider>,
    );
    await waitFor(() => expect(fake.callsTo('get', LIST).at(-1)?.params).toMatchObject({ permissionId: 'm1' }));
    expect(fake.callsTo('get', TREE)).toHaveLength(0);
    expect(screen.queryByText('菜单', { selector: '.tree-pane *' })).toBeNull();
  }, 30_000);
});
