import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactElement } from 'react';
import DepartSelectModal, { switchTitle } from '../../../../src/components/DepartSelectModal';

const auth = vi.hoisted(() => ({
  loadCurrentUserDeparts: vi.fn(),
  selectDepart: vi.fn(),
}));
vi.mock('../../../../src/store/auth', () => ({ ...auth, NO_DEPARTS_MESSAGE: '您尚未设置部门信息!' }));

const DEPARTS = [
  { id: '1', orgCode: 'A01A01', departName: '车险理赔部' },
  { id: '2', orgCode: 'A01A02', departName: '财产险部' },
];

// antd animates its popups; the pointer-events check would see them mid-transition.
const user = userEvent.setup({ pointerEventsCheck: 0 });
const ok = () => user.click(screen.getByRole('button', { name: /确\s*定/ }));
// Inside antd's App, as in the web app: its toasts belong to the test's tree, so cleanup() takes
// them and their close timers away instead of leaving them to fire after the file ends.
const renderInApp = (ui: ReactElement) => render(<App>{ui}</App>);

describe('department modal (spec §2, §4)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    auth.loadCurrentUserDeparts.mockReset().mockResolvedValue({ list: DEPARTS, orgCode: 'A01A01' });
    auth.selectDepart.mockReset();
  });

  it('first choice is titled 部门选择, has no way out but choosing, and requires a selection', async () => {
    const onClose = vi.fn();
    renderInApp(<DepartSelectModal open firstChoice onClose={onClose} />);
    expect(screen.getByText('部门选择')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await waitFor(() => expect(auth.loadCurrentUserDeparts).toHaveBeenCalled());
    await ok();
    // The placeholder says 请选择部门 too; the validation text is the form item's error.
    await waitFor(() => expect(document.getElementById('orgCode_help')).toHaveTextContent('请选择部门'));
    expect(auth.selectDepart).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('switching is titled with the current department and sends the chosen org code', async () => {
    auth.selectDepart.mockResolvedValue({ success: true, message: '', code: 200, result: { userInfo: {} }, timestamp: 0 });
    const onClose = vi.fn();
    renderInApp(<DepartSelectModal open firstChoice={false} onClose={onClose} />);
    expect(await screen.findByText('部门切换（当前部门 : 车险理赔部）')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('财产险部'));
    await ok();
    await waitFor(() => expect(auth.selectDepart).toHaveBeenCalledWith('A01A02'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('部门切换成功！')).toBeInTheDocument();
  });

  it('says 您尚未设置部门信息! and closes when the user has no department', async () => {
    auth.loadCurrentUserDeparts.mockRejectedValue(new Error('您尚未设置部门信息!'));
    const onClose = vi.fn();
    renderInApp(<DepartSelectModal open firstChoice={false} onClose={onClose} />);
    expect(await screen.findByText('您尚未设置部门信息!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('the switch title falls back to 部门切换 when the current department is unknown', () => {
    expect(switchTitle(DEPARTS, 'A01A01')).toBe('部门切换（当前部门 : 车险理赔部）');
    expect(switchTitle(DEPARTS, null)).toBe('部门切换');
  });
});
