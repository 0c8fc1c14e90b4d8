import fs from 'node:fs';
import path from 'node:path';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { FieldOptions } from '../../../../../runtime/generated/page';
import type { CompiledField } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import type { FormWidgetProps } from '../../../../../runtime/widgets/registry';
import CategoryTreeWidget from '../../../../../runtime/widgets/tree/CategoryTreeWidget';
import LinkDownWidget from '../../../../../runtime/widgets/tree/LinkDownWidget';
import TreeSelectWidget from '../../../../../runtime/widgets/tree/TreeSelectWidget';
import { createFakeHost, fail, ok, type FakeHost } from '../../list/fakeHost';

const root = path.resolve(__dirname, '../../../../..');
const source = 'schemas/pages/maintenance/area.json';
const areaPage = (() => {
  const result = loadPageSchema(JSON.parse(fs.readFileSync(path.join(root, source), 'utf8')), source);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('；'));
  return result.page;
})();
const pidField = areaPage.fieldByName.get('pid') as CompiledField;

function fieldWith(widget: CompiledField['widget'], options: FieldOptions): CompiledField {
  return { ...pidField, widget, options };
}

const AREAS = [
  { id: '110000', name: '北京市', pid: '86' },
  { id: '330000', name: '浙江省', pid: '86' },
  { id: '330100', name: '杭州市', pid: '330000' },
  { id: '330106', name: '西湖区', pid: '330100' },
];
const hasChildren = (id: string) => AREAS.some((a) => a.pid === id);

/** Our server's /sys/dict/loadTreeData and loadDictItem over the areas above. */
function treeHost(): FakeHost {
  const fake = createFakeHost();
  fake.respond((call) => {
    const params = call.params ?? {};
    if (call.url === '/sys/dict/loadTreeData') {
      return ok(
        AREAS.filter((a) => a.pid === params.pid).map((a) => ({ key: a.id, value: a.id, title: a.name, label: a.name, isLeaf: !hasChildren(a.id), leaf: !hasChildren(a.id) })),
      );
    }
    if (call.url.startsWith('/sys/dict/loadDictItem/')) {
      const keys = String(params.key).split(',');
      return ok(keys.flatMap((k) => AREAS.filter((a) => a.id === k).map((a) => a.name)));
    }
    return ok([]);
  });
  return fake;
}

function Harness({ widget: Widget, field, initial, fake }: { widget: ComponentType<FormWidgetProps>; field: CompiledField; initial: string; fake: FakeHost }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <Widget field={field} value={value} onChange={setValue} host={fake.host} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

describe('treeSelect', { timeout: 20_000 }, () => {
  it('shows the stored value’s name, loads children on expand and stores the chosen node', async () => {
    const user = userEvent.setup();
    const fake = treeHost();
    render(<Harness widget={TreeSelectWidget} field={pidField} initial="330000" fake={fake} />);
    expect(await screen.findByText('浙江省')).toBeInTheDocument();
    expect(fake.callsTo('get', '/sys/dict/loadDictItem/mnt_area%2Carea_name%2Cid')[0]).toMatchObject({ params: { key: '330000' }, options: { signed: true } });
    expect(fake.callsTo('get', '/sys/dict/loadTreeData')[0]).toMatchObject({
      params: { pid: '86', tableName: 'mnt_area', text: 'area_name', code: 'id', pidField: 'pid', hasChildField: 'has_child' },
      options: { signed: true },
    });

    await user.click(screen.getByRole('combobox'));
    expect(await screen.findByText('北京市')).toBeInTheDocument();
    // Expanding 浙江省 asks for its children only then.
    expect(fake.callsTo('get', '/sys/dict/loadTreeData')).toHaveLength(1);
    const switcher = document.querySelectorAll('.ant-select-tree-switcher')[1] as HTMLElement;
    await user.click(switcher);
    await user.click(await screen.findByText('杭州市'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('"330100"'));
    expect(fake.callsTo('get', '/sys/dict/loadTreeData').at(-1)?.params).toMatchObject({ pid: '330000' });
  });

  it('with onlySelectLeaf, choosing a parent says so and keeps the value', async () => {
    const user = userEvent.setup();
    const fake = treeHost();
    const field = fieldWith('treeSelect', { treeSelect: { ...pidField.options.treeSelect!, onlySelectLeaf: true } });
    render(<Harness widget={TreeSelectWidget} field={field} initial="" fake={fake} />);
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('浙江省'));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '仅可选择非父级节点' }));
    expect(screen.getByTestId('value').textContent).toBe('""');
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('北京市'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('"110000"'));
  });

  it('stores several values comma-joined with options.multiple', async () => {
    const user = userEvent.setup();
    const fake = treeHost();
    const field = fieldWith('treeSelect', { ...pidField.options, multiple: true });
    render(<Harness widget={TreeSelectWidget} field={field} initial="110000" fake={fake} />);
    expect(await screen.findByText('北京市')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('浙江省'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('"110000,330000"'));
  });

  it('refuses a condition that is not a JSON object, without asking the server', async () => {
    const fake = treeHost();
    const field = fieldWith('treeSelect', { treeSelect: { ...pidField.options.treeSelect!, condition: 'level=1' } });
    render(<Harness widget={TreeSelectWidget} field={field} initial="" fake={fake} />);
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'error', text: 'condition传值有误，需要一个json字符串!' }));
    expect(fake.callsTo('get', '/sys/dict/loadTreeData')).toHaveLength(0);
  });

  it('sends a valid condition and says so when the answer is not a tree', async () => {
    const fake = treeHost();
    fake.respond(() => ok({ rows: [] }));
    const field = fieldWith('treeSelect', { treeSelect: { ...pidField.options.treeSelect!, condition: '{"level":1}' } });
    render(<Harness widget={TreeSelectWidget} field={field} initial="" fake={fake} />);
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'error', text: '返回数据类型不识别' }));
    expect(fake.callsTo('get', '/sys/dict/loadTreeData')[0].params).toMatchObject({ condition: '{"level":1}' });
  });

  it('shows the server’s message when the tree is refused', async () => {
    const fake = createFakeHost();
    fake.respond(() => fail('树表或字段不在允许范围内'));
    render(<Harness widget={TreeSelectWidget} field={pidField} initial="" fake={fake} />);
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'error', text: '树表或字段不在允许范围内' }));
  });
});

describe('categoryTree', { timeout: 20_000 }, () => {
  const CATEGORIES = [
    { key: 'c1', title: '财产损失', isLeaf: false, code: 'B01A01' },
    { key: 'c2', title: '责任险', isLeaf: true, code: 'B01A04' },
  ];
  function categoryHost(): FakeHost {
    const fake = createFakeHost();
    fake.respond((call) => {
      if (call.url === '/sys/category/loadTreeRoot') return call.params?.pcode === 'B01' ? ok(CATEGORIES) : fail('该编码【X9】不存在，请核实!');
      if (call.url === '/sys/category/loadTreeData') return ok([{ key: 'c11', title: '火灾', isLeaf: true }]);
      if (call.url === '/sys/category/loadDictItem/') return ok(['火灾']);
      return ok([]);
    });
    return fake;
  }

  it('offers the categories under pcode, shows a stored category by name and stores the id', async () => {
    const user = userEvent.setup();
    const fake = categoryHost();
    const field = fieldWith('categoryTree', { categoryTree: { pcode: 'B01' } });
    render(<Harness widget={CategoryTreeWidget} field={field} initial="c11" fake={fake} />);
    expect(await screen.findByText('火灾')).toBeInTheDocument();
    expect(fake.callsTo('get', '/sys/category/loadDictItem/')[0].params).toEqual({ ids: 'c11' });
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('责任险'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('"c2"'));
  });

  it('shows the server’s message for an unknown root code', async () => {
    const fake = categoryHost();
    render(<Harness widget={CategoryTreeWidget} field={fieldWith('categoryTree', { categoryTree: { pcode: 'X9' } })} initial="" fake={fake} />);
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'error', text: '该编码【X9】不存在，请核实!' }));
  });

  it('refuses a condition that is not a JSON string', async () => {
    const fake = categoryHost();
    render(<Harness widget={CategoryTreeWidget} field={fieldWith('categoryTree', { categoryTree: { pcode: 'B01', condition: "{'code':1}" } })} initial="" fake={fake} />);
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'error', text: 'condition传值有误，需要一个json字符串!' }));
    expect(fake.calls).toHaveLength(0);
  });
});

describe('linkDown', { timeout: 20_000 }, () => {
  it('offers each level the children of the one above; changing a level clears the levels below', async () => {
    const user = userEvent.setup();
    const fake = treeHost();
    const form = createForm({ values: { pid: '330000', city: '330100' } });
    const field = fieldWith('linkDown', {
      linkDown: { table: 'mnt_area', textColumn: 'area_name', valueColumn: 'id', pidColumn: 'pid', pidValue: '86', linkFields: ['city'] },
    });
    function Form() {
      const [value, setValue] = useState<unknown>('330000');
      return (
        <FormProvider form={form}>
          <LinkDownWidget field={field} value={value} onChange={setValue} host={fake.host} />
          <output data-testid="value">{JSON.stringify(value)}</output>
        </FormProvider>
      );
    }
    render(<Form />);
    expect(await screen.findByText('浙江省')).toBeInTheDocument();
    expect(await screen.findByText('杭州市')).toBeInTheDocument();
    expect(fake.callsTo('get', '/sys/dict/loadTreeData').map((c) => c.params?.pid)).toEqual(['86', '330000']);

    await user.click(screen.getAllByRole('combobox')[0]);
    await user.click(await screen.findByText('北京市'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('"110000"'));
    expect(form.getValuesIn('city')).toBe('');
    expect(screen.queryByText('杭州市')).not.toBeInTheDocument();
  });
});

describe('treeSelect on a parent field', { timeout: 20_000 }, () => {
  it('shows the root value (no parent) as empty and stores it again when cleared', async () => {
    const user = userEvent.setup();
    const fake = treeHost();
    render(<Harness widget={TreeSelectWidget} field={pidField} initial="86" fake={fake} />);
    expect(await screen.findByText('请选择上级区域')).toBeInTheDocument();
    expect(screen.queryByText('86')).not.toBeInTheDocument();
    expect(fake.callsTo('get', '/sys/dict/loadDictItem/mnt_area%2Carea_name%2Cid')).toHaveLength(0);
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('北京市'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('"110000"'));
    await user.click(document.querySelector('.ant-select-clear') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('"86"'));
  });
});
