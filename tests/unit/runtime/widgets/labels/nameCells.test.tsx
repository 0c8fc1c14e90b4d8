import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CompiledField, CompiledListColumn } from '../../../../../runtime/schema/compiledPageTypes';
import { DetailView } from '../../../../../runtime/views/form/DetailView';
import { dictServiceFor } from '../../../../../runtime/dict/hostDict';
import { getCellRenderer } from '../../../../../runtime/widgets/registry';
import { createFakeHost, fail, ok, type FakeHost } from '../../list/fakeHost';
import { exampleField, shippedPage } from '../picker/pages';

const USERS = [
  { id: 'u1', username: 'zhangsan', realname: '张三' },
  { id: 'u2', username: 'lisi', realname: '李四' },
];
const DEPARTS = [
  { id: 'd1', departName: '总公司', children: [{ id: 'd2', departName: '上海分公司', children: null }] },
];
const EXPERTS = [
  { id: 'e1', expertName: '王工' },
  { id: 'e2', expertName: '赵工' },
];

function orgHost(): FakeHost {
  const fake = createFakeHost();
  fake.definePage('maintenance/expert', shippedPage('maintenance/expert'));
  fake.respond((call) => {
    const params = call.params ?? {};
    if (call.url === '/sys/user/getMultiUser') {
      const keys = String(params.ids).split(',');
      return ok(USERS.filter((u) => keys.includes(u.username) || keys.includes(u.id)));
    }
    if (call.url === '/sys/sysDepart/queryTreeList') return ok(DEPARTS);
    if (call.url === '/maintenance/expert/list') {
      const ids = String(params.id).split(',');
      return ok({ records: EXPERTS.filter((e) => ids.includes(e.id)), total: ids.length });
    }
    return ok([]);
  });
  return fake;
}

function withWidget(name: string, widget: CompiledField['widget']): CompiledField {
  return { ...exampleField('title'), name, label: name, widget };
}

function Cells({ fake, field, values }: { fake: FakeHost; field: CompiledField; values: string[] }) {
  const renderCell = getCellRenderer(field.widget);
  const column: CompiledListColumn = { field, dataIndex: field.name, title: field.label, ellipsis: 25, align: 'center', sortable: false };
  const dict = dictServiceFor(fake.host);
  return (
    <ul>
      {values.map((value, index) => (
        <li key={value} data-testid={`cell-${index}`}>
          {renderCell?.(value, { column, record: { [field.name]: value }, index, host: fake.host, dict })}
        </li>
      ))}
    </ul>
  );
}

describe('list cells show names instead of stored keys', () => {
  it('user cells show realnames, a whole page resolved in one getMultiUser call', async () => {
    const fake = orgHost();
    render(<Cells fake={fake} field={withWidget('handler', 'user')} values={['zhangsan', 'lisi', 'zhangsan,lisi', 'u2', 'ghost']} />);
    await waitFor(() => expect(screen.getByTestId('cell-0')).toHaveTextContent('张三'));
    expect(screen.getByTestId('cell-1')).toHaveTextContent('李四');
    expect(screen.getByTestId('cell-2')).toHaveTextContent('张三,李四');
    expect(screen.getByTestId('cell-3')).toHaveTextContent('李四');
    // A user the server does not know is shown as stored.
    expect(screen.getByTestId('cell-4')).toHaveTextContent('ghost');
    expect(fake.callsTo('get', '/sys/user/getMultiUser')).toHaveLength(1);
  });

  it('department cells show departName from one tree request', async () => {
    const fake = orgHost();
    render(<Cells fake={fake} field={withWidget('dept', 'depart')} values={['d1', 'd2', 'd1,d2']} />);
    await waitFor(() => expect(screen.getByTestId('cell-2')).toHaveTextContent('总公司,上海分公司'));
    expect(screen.getByTestId('cell-1')).toHaveTextContent('上海分公司');
    expect(fake.callsTo('get', '/sys/sysDepart/queryTreeList')).toHaveLength(1);
  });

  it("picker cells show the picked rows' text through one list call filtered by ids", async () => {
    const fake = orgHost();
    render(<Cells fake={fake} field={exampleField('expertIds')} values={['e1', 'e2', 'e1,e2']} />);
    await waitFor(() => expect(screen.getByTestId('cell-2')).toHaveTextContent('王工,赵工'));
    const calls = fake.callsTo('get', '/maintenance/expert/list');
    expect(calls).toHaveLength(1);
    expect(String(calls[0].params?.id).split(',').sort()).toEqual(['e1', 'e2']);
  });

  it('show the keys as stored when the lookup fails (the server message is a warning)', async () => {
    const fake = orgHost();
    fake.respond(() => fail('查询失败'));
    render(<Cells fake={fake} field={withWidget('handler', 'user')} values={['zhangsan']} />);
    await waitFor(() => expect(screen.getByTestId('cell-0')).toHaveTextContent('zhangsan'));
    expect(fake.notices).toContainEqual({ kind: 'warning', text: '查询失败' });
  });
});

describe('详细信息 shows names', () => {
  it('picker values by their text, other fields as before', async () => {
    const fake = orgHost();
    const page = shippedPage('examples/assignment');
    render(<DetailView page={page} record={{ title: '现场查勘', expertIds: 'e1,e2' }} dict={dictServiceFor(fake.host)} host={fake.host} />);
    await waitFor(() => expect(screen.getByText('王工,赵工')).toBeInTheDocument());
    expect(screen.getByText('现场查勘')).toBeInTheDocument();
    expect(screen.queryByText('e1,e2')).toBeNull();
  });
});
