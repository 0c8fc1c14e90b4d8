import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import PageErrorBoundary from '../../../../src/components/PageErrorBoundary';

function Broken({ message }: { message: string }): never {
  throw new Error(message);
}

describe('page error boundary', () => {
  it('shows a Chinese explanation naming the page instead of breaking the app', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <PageErrorBoundary pageTitle="用户管理">
        <Broken message="boom" />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('页面“用户管理”出错了')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
    spy.mockRestore();
  });

  it('tells a failed page download apart from a page error', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <PageErrorBoundary pageTitle="专家">
        <Broken message="Failed to fetch dynamically imported module: /assets/ExpertList.js" />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('页面“专家”加载失败')).toBeInTheDocument();
    spy.mockRestore();
  });
});

describe('page error boundary and the view registry', () => {
  it('treats a ViewLoadError (chunk failed or timed out) as a load failure', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Timeout(): never {
      const error = new Error('页面加载超时（120 秒）：system/UserList');
      error.name = 'ViewLoadError';
      throw error;
    }
    render(
      <PageErrorBoundary pageTitle="用户管理">
        <Timeout />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('页面“用户管理”加载失败')).toBeInTheDocument();
    expect(screen.getByText('错误详情：页面加载超时（120 秒）：system/UserList')).toBeInTheDocument();
    spy.mockRestore();
  });
});
