import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ChangePasswordModal from '../../../../src/components/ChangePasswordModal';
import { useSession } from '../../../../src/store/session';

const updatePassword = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/api/sys', () => ({ updatePassword }));

function open(onClose = vi.fn()) {
  render(<ChangePasswordModal open onClose={onClose} />);
  return onClose;
}

async function fill(label: string, value: string) {
  await userEvent.type(screen.getByLabelText(label), value);
}

const ok = () => userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

describe('change-password modal (spec §2, §5)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useSession.setState({ username: 'admin', realname: '管理员' });
    updatePassword.mockReset();
  });
  afterEach(() => cleanup());

  it('is titled 修改密码 and asks for old, new and confirmed password', () => {
    open();
    expect(screen.getByText('修改密码')).toBeInTheDocument();
    expect(screen.getByLabelText('旧密码')).toBeInTheDocument();
    expect(screen.getByLabelText('新密码')).toBeInTheDocument();
    expect(screen.getByLabelText('确认新密码')).toBeInTheDocument();
  });

  it('shows each required message when submitted empty, and sends nothing', async () => {
    open();
    await ok();
    expect(await screen.findByText('请输入旧密码!')).toBeInTheDocument();
    expect(screen.getByText('请输入新密码!')).toBeInTheDocument();
    expect(screen.getByText('请确认新密码!')).toBeInTheDocument();
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('says 两次输入的密码不一样！ when the confirmation differs', async () => {
    open();
    await fill('旧密码', '123456');
    await fill('新密码', 'abc12345');
    await fill('确认新密码', 'abc99999');
    await ok();
    expect(await screen.findByText('两次输入的密码不一样！')).toBeInTheDocument();
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('sends username, oldpassword, password, confirmpassword; shows the server message and closes', async () => {
    updatePassword.mockResolvedValue({ success: true, code: 200, message: '密码修改成功，请重新登录！', result: null, timestamp: 0 });
    const onClose = open();
    await fill('旧密码', '123456');
    await fill('新密码', 'abc12345');
    await fill('确认新密码', 'abc12345');
    await ok();
    await waitFor(() => expect(updatePassword).toHaveBeenCalled());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(updatePassword).toHaveBeenCalledWith({
      username: 'admin',
      oldpassword: '123456',
      password: 'abc12345',
      confirmpassword: 'abc12345',
    });
    expect(await screen.findByText('密码修改成功，请重新登录！')).toBeInTheDocument();
  });

  it('shows the server’s refusal as a warning and stays open', async () => {
    updatePassword.mockResolvedValue({ success: false, code: 500, message: '旧密码输入错误!', result: null, timestamp: 0 });
    const onClose = open();
    await fill('旧密码', 'wrong');
    await fill('新密码', 'abc12345');
    await fill('确认新密码', 'abc12345');
    await ok();
    expect(await screen.findByText('旧密码输入错误!')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
