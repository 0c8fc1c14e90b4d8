import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import Authorized from '../../../../src/components/Authorized';
import { useHasPermission } from '../../../../src/hooks/usePermission';
import { useSession } from '../../../../src/store/session';

function signInWith(actions: string[], allAuth = actions.map((action) => ({ action, type: '1', status: '1' }))) {
  useSession.setState({ auth: actions.map((action) => ({ action, type: '1' })), allAuth });
}

describe('<Authorized> and useHasPermission (spec §6)', () => {
  afterEach(() => cleanup());

  it('keeps the child when the user holds the action', () => {
    signInWith(['user:add']);
    render(
      <Authorized action="user:add">
        <button>新增用户</button>
      </Authorized>,
    );
    expect(screen.getByRole('button', { name: '新增用户' })).toBeInTheDocument();
  });

  it('removes the child when the user lacks the action', () => {
    signInWith(['receive:add'], [
      { action: 'receive:add', type: '1', status: '1' },
      { action: 'receive:approve', type: '1', status: '1' },
    ]);
    render(
      <div data-testid="toolbar">
        <Authorized action="receive:approve">
          <button>结案审批</button>
        </Authorized>
      </div>,
    );
    expect(screen.queryByRole('button', { name: '结案审批' })).not.toBeInTheDocument();
    expect(screen.getByTestId('toolbar')).toBeEmptyDOMElement();
  });

  it('accepts comma-separated actions', () => {
    signInWith(['user:edit']);
    render(
      <Authorized action="user:add,user:edit">
        <button>编辑</button>
      </Authorized>,
    );
    expect(screen.getByRole('button', { name: '编辑' })).toBeInTheDocument();
  });

  it('the hook follows the session', () => {
    signInWith([]);
    const { result, rerender } = renderHook(() => useHasPermission('cost:approve'));
    expect(result.current).toBe(false);
    signInWith(['cost:approve']);
    rerender();
    expect(result.current).toBe(true);
  });
});
