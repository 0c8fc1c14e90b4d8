import { Spin } from 'antd';

/** Full-page wait while the session's permissions load. */
export function PageLoading({ tip = '加载中…' }: { tip?: string }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" tip={tip}>
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </div>
  );
}
