// The step form in the add/edit modal (form.steps of schemas/pages/examples/stepForm.json): the view
// follows the headless step logic — a refused 提交 lands on the step of the refused field with the
// server's message there, and a saved add ends in the page's 成功 result.
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerFormilyCompiler } from '../../../../../runtime/expr/formilyCompiler';
import type { Envelope } from '../../../../../runtime/host/types';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { FormModal } from '../../../../../runtime/views/form/FormModal';
import { createFakeHost, ok } from '../../list/fakeHost';

const SOURCE = 'schemas/pages/examples/stepForm.json';
const loaded = loadPageSchema(JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../..', SOURCE), 'utf8')), SOURCE);
if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
const page = loaded.page;

const DICTS: Record<string, { value: string; text: string }[]> = {
  cost_category: [{ value: 'expert', text: '专家费' }],
  pay_method: [{ value: 'bank', text: '银行转账' }],
};

/** The add form, its choices preset (antd selects are the e2e's to click); the add endpoint answers `added`. */
function setup(added: Envelope<unknown>) {
  const fake = createFakeHost();
  fake.respond((call) => {
    const code = /\/sys\/dict\/getDictItems\/(\w+)/.exec(call.url)?.[1];
    if (code) return ok(DICTS[code] ?? []);
    if (call.url === '/examples/stepForm/add') return added;
    return ok(null);
  });
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(<FormModal page={page} host={fake.host} mode="add" open onClose={onClose} onSaved={onSaved} presetValues={{ costCategory: 'expert', payMethod: 'bank' }} />);
  return { fake, onClose, onSaved };
}

const dialog = () => screen.getByRole('dialog');
const currentStep = () => dialog().querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent;
const button = (name: RegExp) => within(dialog()).getByRole('button', { name });

type User = ReturnType<typeof userEvent.setup>;

/** Pastes rather than types: a keystroke each through Formily's checks is slow in jsdom. */
async function fill(user: User, placeholder: string, text: string): Promise<void> {
  await user.click(await screen.findByPlaceholderText(placeholder));
  await user.paste(text);
}

async function fillBothSteps(user: User): Promise<void> {
  await fill(user, '请输入案件编号', 'GZ-2026-0200');
  await fill(user, '请输入付款金额', '500');
  await user.click(button(/下一步/));
  await waitFor(() => expect(currentStep()).toBe('填写收款信息'));
  await fill(user, '请输入收款人', '陈志远');
  await fill(user, '请输入开户银行', '招商银行深圳分行');
  await fill(user, '请输入收款账号', '6225880212345678');
  await fill(user, '请输入付款用途', '查勘差旅费');
  await user.click(button(/下一步/));
  await waitFor(() => expect(currentStep()).toBe('确认付款信息'));
}

// Typing through two steps in jsdom takes a while on shared cores.
describe('a step form in the add modal', () => {
  beforeAll(() => registerFormilyCompiler());

  it('a refusal naming a field of step 2 goes back to step 2 with the message at the field', async () => {
    const user = userEvent.setup();
    const { fake, onSaved } = setup({
      success: false,
      code: 500,
      message: '收款账号：该账号已被冻结',
      result: { errors: [{ field: 'bankAccount', label: '收款账号', message: '该账号已被冻结' }] },
      timestamp: 0,
    });
    await fillBothSteps(user);
    await user.click(button(/提\s*交/));
    await waitFor(() => expect(currentStep()).toBe('填写收款信息'));
    const message = await within(dialog()).findByText('该账号已被冻结');
    // In step 2's pane, which is the one shown.
    expect(message.closest('.form-step-pane')?.getAttribute('data-step')).toBe('1');
    expect(message.closest('.form-step-pane')).not.toHaveAttribute('hidden');
    expect(fake.notices).toContainEqual({ kind: 'warning', text: '收款账号：该账号已被冻结' });
    // What was typed is still there.
    expect(screen.getByPlaceholderText('请输入收款人')).toHaveValue('陈志远');
    expect(onSaved).not.toHaveBeenCalled();
  }, 60_000);

  it('a saved add shows the 成功 result with the saved values; closing it reloads the list', async () => {
    const user = userEvent.setup();
    const { fake, onSaved, onClose } = setup(ok(null, '添加成功！'));
    await fillBothSteps(user);
    await user.click(button(/提\s*交/));
    expect(await within(dialog()).findByText('提交成功')).toBeInTheDocument();
    expect(within(dialog()).getByText('GZ-2026-0200')).toBeInTheDocument();
    expect(fake.callsTo('post', '/examples/stepForm/add')[0].body).toMatchObject({ caseNo: 'GZ-2026-0200', payee: '陈志远', costCategory: 'expert' });
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(button(/查看付款申请/));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  }, 60_000);
});
