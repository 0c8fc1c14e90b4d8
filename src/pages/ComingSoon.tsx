import { Result, Typography } from 'antd';
import { useCurrentRoute } from '../router/useCurrentRoute';

/** The view for menu entries whose page is not built yet: names the page and says so. */
export default function ComingSoon() {
  const current = useCurrentRoute();
  const title = current?.record.title ?? '页面';
  return (
    <Result
      status="info"
      title={title}
      subTitle="该功能正在建设中"
      extra={
        current ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            视图：{current.record.component}
          </Typography.Text>
        ) : null
      }
    />
  );
}
