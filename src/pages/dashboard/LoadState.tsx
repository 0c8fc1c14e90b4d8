import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { Loaded } from './useDashboard';

/** A part of 首页 while it loads (a skeleton), when it failed (the reason and 重试) and once it is there. */
export default function LoadState<T>({ loaded, retry, what, children }: { loaded: Loaded<T>; retry: () => void; what: string; children: (data: T) => ReactNode }) {
  if (loaded.state === 'loading') return <Skeleton active paragraph={{ rows: 3 }} />;
  if (loaded.state === 'failed') {
    return (
      <Result
        status="warning"
        title={`${what}加载失败`}
        subTitle={loaded.message}
        extra={
          <Button type="primary" onClick={retry}>
            重试
          </Button>
        }
      />
    );
  }
  return <>{children(loaded.data)}</>;
}
