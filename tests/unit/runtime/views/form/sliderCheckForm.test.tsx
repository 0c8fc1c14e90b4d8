/**
 * A form guarded by the drag-slider human check (a sliderCheck field, stored: false): saving is
 * refused with '请先拖动滑块验证' until the check reads 验证通过, and the check's value never
 * reaches the server.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CLICK_THROTTLE_MS } from '../../../../../runtime/list/constants';
import { registerFormilyCompiler } from '../../../../../runtime/expr/formilyCompiler';
import { FormModal } from '../../../../../runtime/views/form/FormModal';
import { createFakeHost, ok } from '../../list/fakeHost';
import { compile, expertLikeDocument } from './fixtures';

function guardedPage() {
  const doc = expertLikeDocument();
  doc.fields.push({ name: 'humanCheck', label: '人机验证', type: 'boolean', widget: 'sliderCheck', stored: false, required: true });
  doc.form.fields?.push('humanCheck');
  return compile(doc);
}

describe('a form with a slider human check', () => {
  beforeAll(() => registerFormilyCompiler());

  it('refuses to save until the slider is verified, then posts without the check', async () => {
    const user = userEvent.setup();
    const fake = createFakeHost();
    fake.respond((call) => (call.url === '/test/witness/add' ? ok(null, '添加成功！') : ok([])));
    const onSaved = vi.fn();
    render(<FormModal page={guardedPage()} host={fake.host} mode="add" open onClose={() => undefined} onSaved={onSaved} />);
    await user.type(await screen.findByPlaceholderText('请输入姓名'), '张三');
    await user.type(screen.getByPlaceholderText('请输入联系电话'), '13912345678');
    const dialog = screen.getByRole('dialog');
    const slider = await within(dialog).findByRole('slider', { name: '拖动滑块验证' });
    expect(within(dialog).getByText('拖动滑块验证')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /确/ }));
    expect(await within(dialog).findByText('请先拖动滑块验证')).toBeInTheDocument();
    expect(fake.callsTo('post')).toHaveLength(0);

    // Keyboard users verify with End (pointer dragging is covered by the state machine and the e2e).
    fireEvent.keyDown(slider, { key: 'End' });
    expect(await within(dialog).findByText('验证通过')).toBeInTheDocument();
    // A second 确定 within the click throttle's window is refused (你点击的太快了); a person is slower.
    await new Promise((resolve) => setTimeout(resolve, CLICK_THROTTLE_MS));
    await user.click(within(dialog).getByRole('button', { name: /确/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const [post] = fake.callsTo('post', '/test/witness/add');
    expect(post.body).toMatchObject({ witnessName: '张三', contactMobile: '13912345678' });
    expect(post.body).not.toHaveProperty('humanCheck');
    // Typing in a Formily form in jsdom is slow on a loaded machine.
  }, 30_000);
});
