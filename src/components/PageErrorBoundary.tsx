import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result, Typography } from 'antd';

interface Props {
  /** Page title, to say which page failed. */
  pageTitle: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** A failed chunk load usually means a new release or a network problem, not a bug in the page. */
function isLoadFailure(error: Error): boolean {
  // ViewLoadError: the view registry's own load failure or 120 s timeout (spec §8 page chunk load).
  if (error.name === 'ViewLoadError') return true;
  return /dynamically imported module|Loading chunk|Importing a module script failed|Failed to fetch/i.test(error.message);
}

/**
 * Keeps one broken page from taking the whole shell down: the menu, tabs and header stay usable and
 * the page area explains what happened in Chinese, with a retry.
 */
export default class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`页面“${this.props.pageTitle}”出错`, error, info.componentStack);
  }

  private retry = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const loadFailure = isLoadFailure(error);
    return (
      <Result
        status={loadFailure ? 'warning' : 'error'}
        title={loadFailure ? `页面“${this.props.pageTitle}”加载失败` : `页面“${this.props.pageTitle}”出错了`}
        subTitle={
          loadFailure
            ? '页面文件未能加载，可能是网络中断或系统刚刚更新。请检查网络后重试，或刷新浏览器。'
            : '页面运行时发生错误，其他页面不受影响。可以重试，若问题持续请联系管理员。'
        }
        extra={[
          <Button type="primary" key="retry" onClick={this.retry}>
            重试
          </Button>,
          <Button key="reload" onClick={() => window.location.reload()}>
            刷新浏览器
          </Button>,
        ]}
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          错误详情：{error.message}
        </Typography.Paragraph>
      </Result>
    );
  }
}
