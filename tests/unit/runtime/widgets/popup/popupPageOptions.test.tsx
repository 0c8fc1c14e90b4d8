// The popup options a page document sets (spliter, param, sorter, groupId, width, field), read by
// the widget from the compiled field as a form built from the page hands it over.
import fs from 'node:fs';
import path from 'node:path';
import { createForm, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PageDocument, PageField, PopupOptions } from '../../../../../runtime/generated/page';
import type { CompiledField } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import PopupWidget from '../../../../../runtime/widgets/popup/PopupWidget';
import type { FakeHost } from '../../list/fakeHost';
import { API, reportCalls, reportHost } from './reportHost';

const source = 'schemas/pages/examples/caseContact.json';
const shared: Partial<PopupOptions> = { param: { companyType: '1' }, sorter: 'companyCode=desc', groupId: 'companies' };

/** 案件联系 with its 保险公司 popup set by the options below, and a second popup of the same group. */
function caseContactPage(): ReadonlyMap<string, CompiledField> {
  const doc = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../..', source), 'utf8')) as PageDocument;
  const company = doc.fields.find((f) => f.name === 'insuranceCompanyName') as PageField;
  Object.assign(company.options?.popup ?? {}, { multi: true, spliter: ';', width: 900, ...shared });
  doc.fields.push(
    {
      name: 'coInsurerName',
      label: '共保公司',
      type: 'string',
      widget: 'popup',
      options: { popup: { code: 'insurance_company_report', orgFields: ['companyName'], destFields: ['coInsurerName'], ...shared } },
    },
    {
      name: 'insurerLabel',
      label: '保险公司简称',
      type: 'string',
      widget: 'popup',
      options: { popup: { code: 'insurance_company_report', orgFields: ['companyName', 'companyCode'], destFields: ['insuranceCompanyName', 'insuranceCompanyCode'], field: 'insuranceCompanyCode' } },
    },
  );
  const result = loadPageSchema(doc, source);
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.pointer} ${e.message}`).join('；'));
  return result.page.fieldByName;
}

const fields = caseContactPage();
const fieldOf = (name: string) => fields.get(name) as CompiledField;

function Popup({ name, fake, initial = '' }: { name: string; fake: FakeHost; initial?: string }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <PopupWidget field={fieldOf(name)} value={value} onChange={setValue} host={fake.host} />
      <output data-testid={name}>{JSON.stringify(value)}</output>
    </>
  );
}

function Harness({ names, fake, form, initial }: { names: string[]; fake: FakeHost; form: Form; initial?: string }) {
  return (
    <FormProvider form={form}>
      {names.map((name) => (
        <Popup key={name} name={name} fake={fake} initial={initial} />
      ))}
    </FormProvider>
  );
}

const stored = (name: string) => screen.getByTestId(name).textContent;
const dialog = () => screen.getByRole('dialog');
const rowOf = (text: string) => within(dialog()).getByText(text).closest('tr') as HTMLElement;

async function open(user: ReturnType<typeof userEvent.setup>, index = 0) {
  await user.click(screen.getAllByRole('button', { name: '选择' })[index]);
  await within(await screen.findByRole('dialog')).findByText('保险公司1');
}

async function close(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(dialog()).getByRole('button', { name: /关\s*闭/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe("a page's popup options", { timeout: 20_000 }, () => {
  it('joins several picked companies by the spliter and shows a stored value comma-separated', async () => {
    const user = userEvent.setup();
    const form = createForm();
    render(<Harness names={['insuranceCompanyName']} fake={reportHost()} form={form} initial="保险公司1;保险公司2" />);
    expect(screen.getByDisplayValue('保险公司1,保险公司2')).toBeInTheDocument();
    await open(user);
    await user.click(rowOf('保险公司3'));
    await user.click(rowOf('保险公司4'));
    await user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stored('insuranceCompanyName')).toBe('"保险公司3;保险公司4"'));
    expect(form.values).toMatchObject({ insuranceCompanyCode: 'C03;C04' });
    expect(screen.getByDisplayValue('保险公司3,保险公司4')).toBeInTheDocument();
  });

  it('sends its param as self_<name> and its sorter, and opens as wide as it says', async () => {
    const user = userEvent.setup();
    const fake = reportHost();
    render(<Harness names={['insuranceCompanyName']} fake={fake} form={createForm()} />);
    await open(user);
    expect(fake.callsTo('get', `${API}/getData/insurance_company_report`)[0].params).toMatchObject({
      self_companyType: '1',
      column: 'companyCode',
      order: 'desc',
    });
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('900px');
  });

  it('lets the popups of one groupId ask the report once in 30 s', async () => {
    const user = userEvent.setup();
    let now = 1_000_000;
    const fake = reportHost({}, () => now);
    render(<Harness names={['insuranceCompanyName', 'coInsurerName']} fake={fake} form={createForm()} />);
    await open(user, 0);
    await close(user);
    now += 29_000;
    await open(user, 1);
    expect(reportCalls(fake)).toEqual(['getRpColumns', 'getQueryInfo', 'getData']);
    await close(user);
    now += 2_000;
    await open(user, 0);
    expect(reportCalls(fake)).toEqual(['getRpColumns', 'getQueryInfo', 'getData', 'getRpColumns', 'getQueryInfo', 'getData']);
  });

  it('stores in its own field the values picked for the destination its field names', async () => {
    const user = userEvent.setup();
    const form = createForm();
    render(<Harness names={['insurerLabel']} fake={reportHost()} form={form} />);
    await open(user);
    await user.click(rowOf('保险公司5'));
    await user.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stored('insurerLabel')).toBe('"C05"'));
    expect(form.values).toMatchObject({ insuranceCompanyName: '保险公司5', insuranceCompanyCode: 'C05' });
  });
});
