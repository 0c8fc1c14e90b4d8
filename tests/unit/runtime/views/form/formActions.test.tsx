import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerFormilyCompiler } from '../../../../../runtime/expr/formilyCompiler';
import { FormModal } from '../../../../../runtime/views/form/FormModal';
import { createFakeHost, fail, ok } from '../../list/fakeHost';
import { compile, expertLikeDocument } from './fixtures';

/** The witness page with a 核对 footer action (form.actions). */
function pageWithAction() {
  const doc = expertLikeDocument();
  doc.form = { ...doc.form, actions: [{ key: 'verify', title: '核对' }] };
  return compile(doc);
}

function setup(mode: 'add' | 'edit', holds = true) {
  const fake = createFakeHost();
  fake.host.hasPermission = (code) => holds || code !== 'witness:verify';
  fake.respond((call) => {
    if (call.url === '/test/witness/queryById') return ok({ id: 'w1', witnessName: '王五', contactMobile: '13800138000' });
    if (call.url === '/test/witness/verify') return (call.body as { witnessName?: string }).witnessName === '王五' ? ok(null, '核对通过') : fail('核对失败：姓名不符');
    return ok(null);
  });
  const onSaved = vi.fn();
  render(<FormModal page={pageWithAction()} host={fake.host} mode={mode} record={mode === 'edit' ? { id: 'w1' } : undefined} open onClose={vi.fn()} onSaved={onSaved} />);
  return { fake, onSaved };
}

describe('form footer actions (form.actions)', () => {
  beforeAll(() => registerFormilyCompiler());

  it('send the values as typed, with the id on edit, and show the answer; the form stays open and nothing is saved', async () => {
    const user = userEvent.setup();
    const { fake, onSaved } = setup('edit');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByDisplayValue('王五')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /核\s*对/ }));
    await vi.waitFor(() => expect(fake.notices).toContainEqual({ kind: 'success', text: '核对通过' }));
    expect(fake.callsTo('post', '/test/witness/verify')[0].body).toMatchObject({ id: 'w1', witnessName: '王五', contactMobile: '13800138000' });
    const name = within(dialog).getByDisplayValue('王五');
    await user.clear(name);
    await user.type(name, '赵六');
    await user.click(within(dialog).getByRole('button', { name: /核\s*对/ }));
    await vi.waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '核对失败：姓名不符' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(fake.callsTo('put')).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('are not offered to a user without the action code', async () => {
    setup('add', false);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: /确/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /核\s*对/ })).toBeNull();
  });
});
