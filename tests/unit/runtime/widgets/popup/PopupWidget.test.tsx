import fs from 'node:fs';
import path from 'node:path';
import { createForm, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CompiledField } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import PopupWidget from '../../../../../runtime/widgets/popup/PopupWidget';
import type { PopupOptions } from '../../../../../runtime/generated/page';
import { fail, type FakeHost } from '../../list/fakeHost';
import { API, reportCalls, reportHost } from './reportHost';

const root = path.resolve(__dirname, '../../../../..');
const source = 'schemas/pages/examples/caseContact.json';
const page = (() => {
  const result = loadPageSchema(JSON.parse(fs.readFileSync(path.join(root, source), 'utf8')), source);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('；'));
  return result.page;
})();

function fieldOf(name: string, popup?: Partial<PopupOptions>): CompiledField {
  const field = page.fieldByName.get(name);
  if (!field) throw new Error(`no field ${name}`);
  if (!popup) return field;
  return { ...field, options: { ...field.options, popup: { ...field.options.popup, ...popup } as PopupOptions } };
}

function Harness({ field, fake, form, initial = '' }: { field: CompiledField; fake: FakeHost; form: Form; initial?: string }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <FormProvider form={form}>
      <PopupWidget field={field} value={value} onChange={setValue} host={fake.host} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </FormProvider>
  );
}

const shown = () => screen.getByTestId('value').textContent;
const dialog = () => screen.getByRole('dialog');
const rowOf = (text: string) => within(dialog()).getByText(text).closest('tr') as HTMLElement;
const okButton = () => within(dialog()).getByRole('button', { name: /确\s*定/ });

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '选择' }));
  await within(await screen.findByRole('dialog')).findByText('保险公司1');
}

describe('popup report picker', { timeout: 20_000 }, () => {
  it('opens titled by the report name, loading columns, then query info, then page 1', async () => {
    const user = userEvent.setup();
    const fake = reportHost();
    render(<Harness field={fieldOf('insuranceCompanyName')} fake={fake} form={createForm()} />);
    await openDialog(user);
    expect(within(dialog()).getByText('选择保险公司')).toBeInTheDocument();
    expect(reportCalls(fake)).toEqual(['getRpColumns', 'getQueryInfo', 'getData']);
    expect(fake.calls[0].url).toBe(`${API}/getRpColumns/insurance_company_report`);
    expect(fake.calls[1].url).toBe(`${API}/getQueryInfo/insurance_company_report`);
    expect(fake.calls[2]).toMatchObject({ url: `${API}/getData/insurance_company_report`, params: { pageNo: 1, pageSize: 10 } });
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1200px');
    // Dictionary cells show their text; 12 rows page by 10.
    expect(within(rowOf('保险公司1')).getByText('财产保险公司')).toBeInTheDocument();
    expect(within(dialog()).getByText('1-10 共12条')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: /关\s*闭/ })).toBeInTheDocument();
  });

  it('says 共 超过10000 条 when the server stopped counting, not its lower bound', async () => {
    const user = userEvent.setup();
    render(<Harness field={fieldOf('insuranceCompanyName')} fake={reportHost({ countLimited: true })} form={createForm()} />);
    await openDialog(user);
    expect(within(dialog()).getByText('1-10 共 超过10000 条')).toBeInTheDocument();
  });

  it('shows hidden query items only when expanded, and searches text as 包含', async () => {
    const user = userEvent.setup();
    const fake = reportHost();
    render(<Harness field={fieldOf('insuranceCompanyName')} fake={fake} form={createForm()} />);
    await openDialog(user);
    expect(within(dialog()).queryByRole('combobox', { name: '公司类型' })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByText('展开'));
    expect(within(dialog()).getByRole('combobox', { name: '公司类型' })).toBeInTheDocument();
    await user.type(within(dialog()).getByRole('textbox', { name: '公司名称' }), '公司11');
    await user.click(within(dialog()).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(within(dialog()).queryByText('保险公司1')).not.toBeInTheDocument());
    expect(fake.callsTo('get', `${API}/getData/insurance_company_report`).at(-1)?.params).toMatchObject({ companyName: '*公司11*', pageNo: 1 });
  });

  it('OK copies orgFields into destFields of the form, the own field through onChange, then closes', async () => {
    const user = userEvent.setup();
    const fake = reportHost();
    const form = createForm();
    render(<Harness field={fieldOf('insuranceCompanyName')} fake={fake} form={form} />);
    await openDialog(user);
    await user.click(rowOf('保险公司3'));
    await user.click(okButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(shown()).toBe('"保险公司3"');
    expect(form.values).toMatchObject({ insuranceCompanyCode: 'C03', companyPhone: '01000002' });
    expect(screen.getByDisplayValue('保险公司3')).toBeInTheDocument();
  });

  it('single mode keeps only the latest row; multi mode joins the picked rows with commas', async () => {
    const user = userEvent.setup();
    const fake = reportHost();
    const single = createForm();
    const { unmount } = render(<Harness field={fieldOf('insuranceCompanyName')} fake={fake} form={single} />);
    await openDialog(user);
    await user.click(rowOf('保险公司1'));
    await user.click(rowOf('保险公司2'));
    expect(within(dialog()).getByText('已选择 1 项')).toBeInTheDocument();
    await user.click(okButton());
    await waitFor(() => expect(shown()).toBe('"保险公司2"'));
    // A missing cell is copied as an empty value.
    expect(single.values.companyPhone).toBe('');
    unmount();

    const multi = createForm();
    render(<Harness field={fieldOf('insuranceCompanyName', { multi: true })} fake={fake} form={multi} />);
    await openDialog(user);
    await user.click(within(rowOf('保险公司1')).getByRole('checkbox'));
    await user.click(rowOf('保险公司4'));
    expect(within(dialog()).getByText('已选择 2 项')).toBeInTheDocument();
    await user.click(okButton());
    await waitFor(() => expect(shown()).toBe('"保险公司1,保险公司4"'));
    expect(multi.values).toMatchObject({ insuranceCompanyCode: 'C01,C04', companyPhone: '01000000,01000003' });
  });

  it('keeps the selection across pages in multi mode', async () => {
    const user = userEvent.setup();
    const fake = reportHost();
    const form = createForm();
    render(<Harness field={fieldOf('insuranceCompanyName', { multi: true })} fake={fake} form={form} />);
    await openDialog(user);
    await user.click(rowOf('保险公司2'));
    await user.click(within(dialog()).getByTitle('2'));
    await within(dialog()).findByText('保险公司11');
    expect(fake.callsTo('get', `${API}/getData/insurance_company_report`).at(-1)?.params).toMatchObject({ pageNo: 2 });
    await user.click(rowOf('保险公司11'));
    await user.click(okButton());
    await waitFor(() => expect(shown()).toBe('"保险公司2,保险公司11"'));
  });

  it("warns '仅可选择一条记录' on OK with nothing picked and stays open", async () => {
    const user = userEvent.setup();
    const fake = reportHost();
    render(<Harness field={fieldOf('insuranceCompanyName')} fake={fake} form={createForm()} />);
    await openDialog(user);
    await user.click(okButton());
    expect(fake.notices).toContainEqual({ kind: 'warning', text: '仅可选择一条记录' });
    expect(dialog()).toBeInTheDocument();
    expect(shown()).toBe('""');
  });

  it('closing discards the selection; the next opening starts empty', async () => {
    const user = userEvent.setup();
    const fake = reportHost();
    render(<Harness field={fieldOf('insuranceCompanyName')} fake={fake} form={createForm()} />);
    await openDialog(user);
    await user.click(rowOf('保险公司1'));
    await user.click(within(dialog()).getByRole('button', { name: /关\s*闭/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(shown()).toBe('""');
    await openDialog(user);
    expect(within(dialog()).getByText('已选择 0 项')).toBeInTheDocument();
  });

  it('the clear icon empties every destination field', async () => {
    const user = userEvent.setup();
    const fake = reportHost();
    const form = createForm({ values: { insuranceCompanyCode: 'C01', companyPhone: '010' } });
    render(<Harness field={fieldOf('insuranceCompanyName')} fake={fake} form={form} initial="保险公司1" />);
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(shown()).toBe('""');
    expect(form.values).toMatchObject({ insuranceCompanyCode: '', companyPhone: '' });
  });

  it("says 'popup参数未正确配置!' and disables the widget without code, orgFields or destFields", async () => {
    for (const broken of [{ code: '' }, { orgFields: [] }, { destFields: [] }]) {
      const fake = reportHost();
      const { unmount } = render(<Harness field={fieldOf('insuranceCompanyName', broken)} fake={fake} form={createForm()} />);
      await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'error', text: 'popup参数未正确配置!' }));
      expect(screen.getByRole('button', { name: '选择' })).toBeDisabled();
      expect(screen.getByRole('textbox')).toBeDisabled();
      unmount();
    }
  });

  it('says the counts differ and disables the widget when orgFields and destFields are not as many', async () => {
    const fake = reportHost();
    render(<Harness field={fieldOf('insuranceCompanyName', { orgFields: ['companyName'] })} fake={fake} form={createForm()} />);
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'error', text: 'popup参数未正确配置，原始值和目标值数量不一致!' }));
    expect(screen.getByRole('button', { name: '选择' })).toBeDisabled();
  });

  it('shows a getQueryInfo failure as a warning with the server message and loads no data', async () => {
    const user = userEvent.setup();
    const fake = reportHost({ queryInfo: fail('没有权限，请联系管理员授权', 510) });
    render(<Harness field={fieldOf('insuranceCompanyName')} fake={fake} form={createForm()} />);
    await user.click(screen.getByRole('button', { name: '选择' }));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '没有权限，请联系管理员授权' }));
    expect(reportCalls(fake)).toEqual(['getRpColumns', 'getQueryInfo']);
  });

  it('sends the dynamic parameters as self_<name> and the sorter as column/order', async () => {
    const user = userEvent.setup();
    const fake = reportHost();
    render(
      <Harness field={fieldOf('insuranceCompanyName', { param: { companyType: '1', status: '' }, sorter: 'companyCode=desc' })} fake={fake} form={createForm()} />,
    );
    await openDialog(user);
    const params = fake.callsTo('get', `${API}/getData/insurance_company_report`)[0].params;
    expect(params).toMatchObject({ self_companyType: '1', column: 'companyCode', order: 'desc' });
    expect(params).not.toHaveProperty('self_status');
  });

  it('caches the three answers 30 s per groupId', async () => {
    const user = userEvent.setup();
    let now = 1_000_000;
    const fake = reportHost({}, () => now);
    const field = fieldOf('insuranceCompanyName', { groupId: 'grid1' });
    render(<Harness field={field} fake={fake} form={createForm()} />);
    await openDialog(user);
    await user.click(within(dialog()).getByRole('button', { name: /关\s*闭/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    now += 29_000;
    await openDialog(user);
    expect(reportCalls(fake)).toEqual(['getRpColumns', 'getQueryInfo', 'getData']);
    await user.click(within(dialog()).getByRole('button', { name: /关\s*闭/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    now += 2_000;
    await openDialog(user);
    expect(reportCalls(fake)).toEqual(['getRpColumns', 'getQueryInfo', 'getData', 'getRpColumns', 'getQueryInfo', 'getData']);
  });
});
