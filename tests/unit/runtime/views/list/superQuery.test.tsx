// The advanced query builder (高级查询构造器) as a user meets it on a schema list page: the dialog,
// its rows, rules and value controls, the messages of spec §5, saved queries, and what the list
// sends (superQueryParams / superQueryMatchType). Rendered through SchemaList, as pages use it.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CompiledPage } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { SchemaList } from '../../../../../runtime/views/list/SchemaList';
import { registerFormWidgets } from '../../../../../runtime/widgets/form';
import { createFakeHost, ok, type Answer, type FakeHost, type RecordedCall } from '../../list/fakeHost';

const LIST = '/test/survey/list';
const SAVED_LIST = '/sys/superQuery/list';
const STATUS_ITEMS = [
  { value: 'new', text: '新建' },
  { value: 'done', text: '已结案' },
];
const RULE_LABELS = ['等于', '包含', '以..开始', '以..结尾', '在...中', '不等于', '大于', '大于等于', '小于', '小于等于'];

function surveyPage(): CompiledPage {
  const result = loadPageSchema(
    {
      schemaVersion: 1,
      entity: { name: 'survey', module: 'test', title: '查勘', table: 'test_survey', permissionPrefix: 'survey' },
      fields: [
        { name: 'surveyName', label: '查勘名称', type: 'string' },
        { name: 'lossAmount', label: '损失金额', type: 'number' },
        { name: 'surveyDate', label: '查勘日期', type: 'date' },
        { name: 'arriveTime', label: '到场时间', type: 'datetime' },
        { name: 'status', label: '状态', type: 'string', dictCode: 'survey_status' },
        { name: 'surveyor', label: '查勘员', type: 'string', widget: 'user' },
        { name: 'departId', label: '所属部门', type: 'string', widget: 'depart' },
      ],
      list: {
        columns: [
          { field: 'surveyName' },
          { field: 'lossAmount' },
          { field: 'surveyDate' },
          { field: 'arriveTime' },
          { field: 'status' },
          { field: 'surveyor' },
          { field: 'departId' },
        ],
        toolbar: ['add'],
        rowActions: ['edit'],
      },
      form: { columns: 1 },
    },
    'test/survey.json',
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

const page = surveyPage();
let fake: FakeHost;
let saved: { id: string; title: string; matchType: string; records: unknown[] }[];

function answer(call: RecordedCall): Answer {
  if (call.url === LIST) return ok({ records: [{ id: 's1', surveyName: '仓库火灾' }], total: 1 });
  if (call.url === '/sys/dict/getDictItems/survey_status') return ok(STATUS_ITEMS);
  if (call.url === SAVED_LIST) return ok(saved);
  if (call.url === '/sys/superQuery/save') {
    const body = call.body as { title: string; matchType: string; records: unknown[] };
    saved = [...saved.filter((q) => q.title !== body.title), { id: `q${saved.length + 1}`, ...body }];
    return ok(null);
  }
  if (call.url === '/sys/superQuery/delete') {
    saved = saved.filter((q) => q.id !== call.params?.id);
    return ok(null);
  }
  return ok([]);
}

beforeEach(() => {
  registerFormWidgets();
  fake = createFakeHost();
  saved = [];
  fake.respond(answer);
});

function Routed({ shown = page }: { shown?: CompiledPage }) {
  const [search, setSearch] = useState('');
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }} virtual={false}>
      <SchemaList page={shown} host={fake.host} location={{ search, setSearch }} onAdd={() => undefined} onEdit={() => undefined} />
    </ConfigProvider>
  );
}

const listCalls = () => fake.callsTo('get', LIST);
const lastListParams = () => listCalls().at(-1)?.params ?? {};

async function renderList(shown: CompiledPage = page) {
  const user = userEvent.setup();
  render(<Routed shown={shown} />);
  await screen.findByText('仓库火灾');
  return user;
}

/** Opens the builder; answers the dialog element. */
async function openBuilder(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: /高级查询/ }));
  const title = await screen.findByText('高级查询构造器');
  await waitFor(() => expect(fake.callsTo('get', SAVED_LIST).length).toBeGreaterThan(0));
  return title.closest('.ant-modal') as HTMLElement;
}

/** The options of the select dropdown that is open now. */
function openOptions(): HTMLElement[] {
  const dropdowns = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
  return dropdowns.flatMap((dropdown) => Array.from(dropdown.querySelectorAll<HTMLElement>('.ant-select-item-option')));
}

async function choose(user: ReturnType<typeof userEvent.setup>, select: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: select }));
  let target: HTMLElement | undefined;
  await waitFor(() => {
    target = openOptions().find((el) => el.getAttribute('title') === option || el.textContent === option);
    expect(target).toBeDefined();
  });
  await user.click(target as HTMLElement);
  await waitFor(() => expect(openOptions()).toHaveLength(0));
}

const footerButton = (dialog: HTMLElement, text: string) =>
  within(dialog.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name: new RegExp(`^${text.split('').join('\\s*')}$`) });

function sentConditions(): unknown {
  const raw = lastListParams().superQueryParams;
  return typeof raw === 'string' ? JSON.parse(decodeURI(raw)) : undefined;
}

describe('the advanced query builder', { timeout: 40_000 }, () => {
  it('opens as 高级查询构造器, 1000 wide, with one row whose rule is 等于', async () => {
    const user = await renderList();
    const dialog = await openBuilder(user);
    expect(dialog).toHaveStyle({ width: '1000px' });
    expect(dialog.querySelectorAll('.super-query-row')).toHaveLength(1);
    const rule = screen.getByRole('combobox', { name: '条件1的匹配规则' }).closest('.ant-select') as HTMLElement;
    expect(within(rule).getByText('等于')).toBeInTheDocument();
    expect(within(dialog).getByText('选择查询字段')).toBeInTheDocument();
    expect(within(dialog).getByText('没有保存任何查询')).toBeInTheDocument();
    expect(fake.callsTo('get', SAVED_LIST)[0].params).toEqual({ code: 'test/survey' });
  });

  it('offers the ten rules with their Chinese labels, in order', async () => {
    const user = await renderList();
    await openBuilder(user);
    await user.click(screen.getByRole('combobox', { name: '条件1的匹配规则' }));
    await waitFor(() => expect(openOptions().map((el) => el.textContent)).toEqual(RULE_LABELS));
  });

  it('offers the page’s columns as fields and gives each field type its value control', async () => {
    const user = await renderList();
    const dialog = await openBuilder(user);
    await user.click(screen.getByRole('combobox', { name: '条件1的字段' }));
    await waitFor(() =>
      expect(openOptions().map((el) => el.textContent)).toEqual(['查勘名称', '损失金额', '查勘日期', '到场时间', '状态', '查勘员', '所属部门']),
    );
    await user.keyboard('{Escape}');

    // No field or a text field: a text input.
    expect(screen.getByRole('textbox', { name: '条件1的值' })).toHaveAttribute('placeholder', '请输入值');
    // A number field: a number input.
    await choose(user, '条件1的字段', '损失金额');
    expect(screen.getByRole('spinbutton', { name: '条件1的值' })).toHaveAttribute('placeholder', '请输入数值');
    // A date field: a date picker; a datetime field: a date picker with time.
    await choose(user, '条件1的字段', '查勘日期');
    expect(within(dialog).getByPlaceholderText('请选择日期').closest('.ant-picker')).not.toBeNull();
    await choose(user, '条件1的字段', '到场时间');
    expect(within(dialog).getByPlaceholderText('请选择时间').closest('.ant-picker')).not.toBeNull();
    await user.click(within(dialog).getByPlaceholderText('请选择时间'));
    expect(await screen.findByText('此刻')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // A dictionary field: a select of the dictionary's items.
    await choose(user, '条件1的字段', '状态');
    await user.click(screen.getByRole('combobox', { name: '条件1的值' }));
    await waitFor(() => expect(openOptions().map((el) => el.textContent)).toEqual(['新建', '已结案']));
    await user.keyboard('{Escape}');
    // A user field: the user picker's read-only input; a department field: the department picker's.
    await choose(user, '条件1的字段', '查勘员');
    const userIcon = await within(dialog).findByRole('img', { name: '查勘员' });
    expect(userIcon).toHaveClass('anticon-user');
    expect(userIcon.closest('.ant-input-affix-wrapper')?.querySelector('input')).toHaveAttribute('readonly');
    await choose(user, '条件1的字段', '所属部门');
    const departIcon = await within(dialog).findByRole('img', { name: '所属部门' });
    expect(departIcon).toHaveClass('anticon-cluster');
    expect(departIcon.closest('.ant-input-affix-wrapper')?.querySelector('input')).toHaveAttribute('readonly');
  });

  it('在...中 takes several values; switching to another rule keeps only the first', async () => {
    const user = await renderList();
    const dialog = await openBuilder(user);
    await choose(user, '条件1的字段', '查勘名称');
    await choose(user, '条件1的匹配规则', '在...中');
    const values = screen.getByRole('combobox', { name: '条件1的值' });
    for (const text of ['火灾', '水灾']) {
      await user.type(values, text);
      // rc-select reads the key code of Enter (event.which), which user-event leaves out in jsdom.
      fireEvent.keyDown(values, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    }
    const tags = () => Array.from(dialog.querySelectorAll('.super-query-row .ant-select-selection-item-content')).map((el) => el.textContent);
    await waitFor(() => expect(tags()).toEqual(['火灾', '水灾']));

    await choose(user, '条件1的匹配规则', '不等于');
    expect(screen.getByRole('textbox', { name: '条件1的值' })).toHaveValue('火灾');
    await user.click(footerButton(dialog, '查询'));
    await waitFor(() => expect(sentConditions()).toEqual([{ field: 'surveyName', rule: 'ne', val: '火灾', type: 'string' }]));
  });

  it('a dictionary field under 在...中 is a multiple select whose values are sent comma-joined', async () => {
    const user = await renderList();
    const dialog = await openBuilder(user);
    await choose(user, '条件1的字段', '状态');
    await choose(user, '条件1的匹配规则', '在...中');
    const value = screen.getByRole('combobox', { name: '条件1的值' });
    expect(value.closest('.ant-select')).toHaveClass('ant-select-multiple');
    // A multiple select stays open for the next pick.
    await user.click(value);
    await waitFor(() => expect(openOptions().map((el) => el.textContent)).toEqual(['新建', '已结案']));
    for (const option of openOptions()) await user.click(option);
    const picked = () => Array.from(dialog.querySelectorAll('.super-query-row .ant-select-selection-item-content')).map((el) => el.textContent);
    await waitFor(() => expect(picked()).toEqual(['新建', '已结案']));
    await user.click(footerButton(dialog, '查询'));
    await waitFor(() => expect(sentConditions()).toEqual([{ field: 'status', rule: 'in', val: 'new,done', type: 'list' }]));
  });

  it('refuses to run an empty query with 不能查询空条件', async () => {
    const user = await renderList();
    const dialog = await openBuilder(user);
    const before = listCalls().length;
    await user.click(footerButton(dialog, '查询'));
    expect(fake.notices).toContainEqual({ kind: 'warning', text: '不能查询空条件' });
    expect(listCalls()).toHaveLength(before);
  });

  it('sends the conditions and the match type, and the button becomes a highlighted group whose 清空 clears the filter', async () => {
    const user = await renderList();
    const dialog = await openBuilder(user);
    await choose(user, '条件1的字段', '损失金额');
    await choose(user, '条件1的匹配规则', '大于等于');
    await user.type(screen.getByRole('spinbutton', { name: '条件1的值' }), '5000');
    await user.click(within(dialog).getByRole('button', { name: '新增条件1' }));
    expect(dialog.querySelectorAll('.super-query-row')).toHaveLength(2);
    await choose(user, '条件2的字段', '查勘名称');
    await choose(user, '条件2的匹配规则', '包含');
    await user.type(screen.getByRole('textbox', { name: '条件2的值' }), '火');
    await choose(user, '过滤条件匹配', 'OR（条件中的任意一个匹配）');
    await user.click(footerButton(dialog, '查询'));

    await waitFor(() => expect(lastListParams()).toHaveProperty('superQueryMatchType', 'or'));
    expect(sentConditions()).toEqual([
      { field: 'lossAmount', rule: 'ge', val: '5000', type: 'number', dbType: 'bigdecimal' },
      { field: 'surveyName', rule: 'like', val: '火' },
    ]);
    expect(lastListParams()).toMatchObject({ pageNo: 1 });

    await user.click(footerButton(dialog, '关闭'));
    const group = document.querySelector('.super-query-active') as HTMLElement;
    expect(group).not.toBeNull();
    expect(within(group).getByRole('button', { name: /高级查询/ })).toBeInTheDocument();
    // The tooltip of the group says so and offers the 清空 link too.
    await user.hover(within(group).getByRole('button', { name: /高级查询/ }));
    expect(await screen.findByText('已有高级查询条件生效')).toBeInTheDocument();

    const calls = listCalls().length;
    await user.click(within(group).getByRole('button', { name: '清空' }));
    await waitFor(() => expect(listCalls().length).toBe(calls + 1));
    expect(lastListParams()).not.toHaveProperty('superQueryParams');
    expect(lastListParams()).not.toHaveProperty('superQueryMatchType');
    await waitFor(() => expect(document.querySelector('.super-query-active')).toBeNull());
    expect(screen.getByRole('button', { name: /高级查询/ })).toBeInTheDocument();
  });

  it('重置 leaves one empty 等于 row and switches the filter off', async () => {
    const user = await renderList();
    const dialog = await openBuilder(user);
    await choose(user, '条件1的字段', '查勘名称');
    await user.type(screen.getByRole('textbox', { name: '条件1的值' }), '仓库');
    await user.click(footerButton(dialog, '查询'));
    await waitFor(() => expect(document.querySelector('.super-query-active')).not.toBeNull());
    await user.click(footerButton(dialog, '重置'));
    await waitFor(() => expect(document.querySelector('.super-query-active')).toBeNull());
    expect(lastListParams()).not.toHaveProperty('superQueryParams');
    expect(dialog.querySelectorAll('.super-query-row')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: '条件1的值' })).toHaveValue('');
    const rule = screen.getByRole('combobox', { name: '条件1的匹配规则' }).closest('.ant-select') as HTMLElement;
    expect(within(rule).getByText('等于')).toBeInTheDocument();
  });

  it('saving: 空条件不能保存, then 保存名称不能为空, then 保存成功 and the query is listed', async () => {
    const user = await renderList();
    const dialog = await openBuilder(user);
    await user.click(footerButton(dialog, '保存查询条件'));
    expect(fake.notices).toContainEqual({ kind: 'warning', text: '空条件不能保存' });
    expect(screen.queryByText('请输入保存的名称')).toBeNull();

    await choose(user, '条件1的字段', '查勘名称');
    await user.type(screen.getByRole('textbox', { name: '条件1的值' }), '仓库');
    await user.click(footerButton(dialog, '保存查询条件'));
    const prompt = (await screen.findByText('请输入保存的名称')).closest('.ant-modal') as HTMLElement;
    await user.click(within(prompt).getByRole('button', { name: /确\s*定/ }));
    expect(fake.notices).toContainEqual({ kind: 'warning', text: '保存名称不能为空' });
    expect(fake.callsTo('post', '/sys/superQuery/save')).toHaveLength(0);

    await user.type(within(prompt).getByRole('textbox', { name: '请输入保存的名称' }), '仓库案件');
    await user.click(within(prompt).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'success', text: '保存成功' }));
    expect(fake.callsTo('post', '/sys/superQuery/save')[0].body).toEqual({
      code: 'test/survey',
      title: '仓库案件',
      matchType: 'and',
      records: [{ field: 'surveyName', rule: 'eq', val: '仓库', type: 'string' }],
    });
    expect(fake.confirms).toHaveLength(0);
    const list = await within(dialog).findByRole('list', { name: '保存的查询' });
    expect(within(list).getByText('仓库案件')).toBeInTheDocument();
  });

  it('saving under an existing name asks 「{name} 已存在，是否覆盖？」 and overwrites only when confirmed', async () => {
    saved = [{ id: 'q1', title: '大额', matchType: 'and', records: [{ field: 'lossAmount', rule: 'gt', val: '1' }] }];
    const user = await renderList();
    const dialog = await openBuilder(user);
    await within(dialog).findByText('大额');
    await choose(user, '条件1的字段', '查勘名称');
    await user.type(screen.getByRole('textbox', { name: '条件1的值' }), '仓库');

    fake.answerConfirm(false);
    await user.click(footerButton(dialog, '保存查询条件'));
    let prompt = (await screen.findByText('请输入保存的名称')).closest('.ant-modal') as HTMLElement;
    await user.type(within(prompt).getByRole('textbox', { name: '请输入保存的名称' }), '大额{Enter}');
    await waitFor(() => expect(fake.confirms).toHaveLength(1));
    expect(fake.confirms[0]).toMatchObject({ content: '大额 已存在，是否覆盖？' });
    expect(fake.callsTo('post', '/sys/superQuery/save')).toHaveLength(0);

    fake.answerConfirm(true);
    prompt = screen.getByText('请输入保存的名称').closest('.ant-modal') as HTMLElement;
    await user.click(within(prompt).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'success', text: '保存成功' }));
    expect(fake.confirms).toHaveLength(2);
    expect(fake.callsTo('post', '/sys/superQuery/save')).toHaveLength(1);
    expect(fake.callsTo('post', '/sys/superQuery/save')[0].body).toMatchObject({ title: '大额', records: [{ field: 'surveyName', val: '仓库' }] });
  });

  it('a saved query loads into the rows on click; deleting it asks 是否删除当前查询？ first', async () => {
    saved = [{ id: 'q1', title: '大额', matchType: 'or', records: [{ field: 'lossAmount', rule: 'gt', val: '10000', type: 'number', dbType: 'bigdecimal' }] }];
    const user = await renderList();
    const dialog = await openBuilder(user);
    await user.click(await within(dialog).findByText('大额'));
    expect(screen.getByRole('spinbutton', { name: '条件1的值' })).toHaveValue('10000');
    const rule = screen.getByRole('combobox', { name: '条件1的匹配规则' }).closest('.ant-select') as HTMLElement;
    expect(within(rule).getByText('大于')).toBeInTheDocument();
    expect(within(dialog).getByText('OR（条件中的任意一个匹配）')).toBeInTheDocument();

    fake.answerConfirm(false);
    await user.click(within(dialog).getByRole('button', { name: '删除大额' }));
    await waitFor(() => expect(fake.confirms).toHaveLength(1));
    expect(fake.confirms[0]).toMatchObject({ content: '是否删除当前查询？' });
    expect(fake.callsTo('delete')).toHaveLength(0);

    fake.answerConfirm(true);
    await user.click(within(dialog).getByRole('button', { name: '删除大额' }));
    await waitFor(() => expect(fake.callsTo('delete', '/sys/superQuery/delete')).toHaveLength(1));
    expect(fake.callsTo('delete', '/sys/superQuery/delete')[0].params).toEqual({ id: 'q1' });
    expect(await within(dialog).findByText('没有保存任何查询')).toBeInTheDocument();
  });
});

const REPORT_API = '/online/cgreport/api';
const COMPANIES = [
  { id: 'c1', companyCode: 'C01', companyName: '人保财险' },
  { id: 'c2', companyCode: 'C02', companyName: '平安产险' },
];
const LOSS_TYPES = [
  { value: 'fire', text: '火灾' },
  { value: 'water', text: '水渍' },
  { value: 'theft', text: '盗抢' },
];

/** A survey page whose columns are a popup report field and a dictionary multi-select. */
function pickingPage(): CompiledPage {
  const result = loadPageSchema(
    {
      schemaVersion: 1,
      entity: { name: 'survey', module: 'test', title: '查勘', table: 'test_survey', permissionPrefix: 'survey' },
      fields: [
        { name: 'surveyName', label: '查勘名称', type: 'string' },
        {
          name: 'insurer',
          label: '保险公司',
          type: 'string',
          widget: 'popup',
          options: { popup: { code: 'insurance_company_report', orgFields: ['companyName'], destFields: ['insurer'] } },
        },
        { name: 'lossTypes', label: '损失类型', type: 'string', dictCode: 'loss_type', widget: 'multiSelect' },
      ],
      list: { columns: [{ field: 'surveyName' }, { field: 'insurer' }, { field: 'lossTypes' }], toolbar: ['add'], rowActions: ['edit'] },
      form: { columns: 1 },
    },
    'test/survey.json',
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

function answerPicking(call: RecordedCall): Answer {
  if (call.url.startsWith(`${REPORT_API}/getRpColumns/`)) {
    return ok({
      columns: [
        { title: '公司编码', dataIndex: 'companyCode' },
        { title: '公司名称', dataIndex: 'companyName' },
      ],
      dictOptions: {},
      cgRpConfigId: 'insurance_company_report',
      cgRpConfigName: '选择保险公司',
    });
  }
  if (call.url.startsWith(`${REPORT_API}/getQueryInfo/`)) return ok([]);
  if (call.url.startsWith(`${REPORT_API}/getData/`)) return ok({ total: COMPANIES.length, records: COMPANIES });
  if (call.url === '/sys/dict/getDictItems/loss_type') return ok(LOSS_TYPES);
  return answer(call);
}

describe('the advanced query builder’s picking value controls', { timeout: 40_000 }, () => {
  it('a popup field’s value is picked in its report dialog; the picked row’s value becomes the condition’s', async () => {
    fake.respond(answerPicking);
    const user = await renderList(pickingPage());
    const dialog = await openBuilder(user);
    await choose(user, '条件1的字段', '保险公司');
    const row = dialog.querySelector('.super-query-row') as HTMLElement;
    const input = await within(row).findByPlaceholderText('请选择');
    expect(input).toHaveAttribute('readonly');

    await user.click(within(row).getByRole('button', { name: '选择' }));
    const report = (await screen.findByText('选择保险公司')).closest('.ant-modal') as HTMLElement;
    await user.click((await within(report).findByText('平安产险')).closest('tr') as HTMLElement);
    await user.click(within(report).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByText('选择保险公司')).toBeNull());
    expect(input).toHaveValue('平安产险');

    await user.click(footerButton(dialog, '查询'));
    await waitFor(() => expect(sentConditions()).toEqual([{ field: 'insurer', rule: 'eq', val: '平安产险', type: 'popup' }]));
  });

  it('a popup field under 在...中 picks several rows in its report dialog; they are sent comma-joined', async () => {
    fake.respond(answerPicking);
    const user = await renderList(pickingPage());
    const dialog = await openBuilder(user);
    await choose(user, '条件1的字段', '保险公司');
    await choose(user, '条件1的匹配规则', '在...中');
    const row = dialog.querySelector('.super-query-row') as HTMLElement;
    const input = await within(row).findByPlaceholderText('请选择');

    await user.click(within(row).getByRole('button', { name: '选择' }));
    const report = (await screen.findByText('选择保险公司')).closest('.ant-modal') as HTMLElement;
    expect(within(report).getAllByRole('checkbox').length).toBeGreaterThan(0);
    for (const name of ['人保财险', '平安产险']) await user.click((await within(report).findByText(name)).closest('tr') as HTMLElement);
    await user.click(within(report).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByText('选择保险公司')).toBeNull());
    expect(input).toHaveValue('人保财险,平安产险');

    await user.click(footerButton(dialog, '查询'));
    await waitFor(() => expect(sentConditions()).toEqual([{ field: 'insurer', rule: 'in', val: '人保财险,平安产险', type: 'popup' }]));
  });

  it('a multi-select (list_multi) field’s value is a multiple select of its dictionary even under 等于; the picks are sent comma-joined', async () => {
    fake.respond(answerPicking);
    const user = await renderList(pickingPage());
    const dialog = await openBuilder(user);
    await choose(user, '条件1的字段', '损失类型');
    const rule = screen.getByRole('combobox', { name: '条件1的匹配规则' }).closest('.ant-select') as HTMLElement;
    expect(within(rule).getByText('等于')).toBeInTheDocument();
    const value = screen.getByRole('combobox', { name: '条件1的值' });
    expect(value.closest('.ant-select')).toHaveClass('ant-select-multiple');

    await user.click(value);
    await waitFor(() => expect(openOptions().map((el) => el.textContent)).toEqual(['火灾', '水渍', '盗抢']));
    for (const text of ['盗抢', '火灾']) await user.click(openOptions().find((el) => el.textContent === text) as HTMLElement);
    const picked = () => Array.from(dialog.querySelectorAll('.super-query-row .ant-select-selection-item-content')).map((el) => el.textContent);
    await waitFor(() => expect(picked()).toEqual(['盗抢', '火灾']));

    await user.click(footerButton(dialog, '查询'));
    await waitFor(() => expect(sentConditions()).toEqual([{ field: 'lossTypes', rule: 'eq', val: 'theft,fire', type: 'list_multi' }]));
  });
});
