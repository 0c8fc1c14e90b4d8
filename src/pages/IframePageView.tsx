import { Result } from 'antd';
import { useCurrentRoute } from '../router/useCurrentRoute';

/** A menu item that shows an external page inside the layout (component layouts/IframePageView, meta.url). */
export default function IframePageView() {
  const current = useCurrentRoute();
  const url = current?.record.external?.url;
  if (!url) return <Result status="warning" title="未配置页面地址" />;
  return (
    <iframe
      key={url}
      src={url}
      title={current.record.title}
      style={{ width: '100%', height: 'calc(100vh - 180px)', minHeight: 480, border: 0, display: 'block' }}
    />
  );
}
