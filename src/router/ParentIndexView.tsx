import { Card, List, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { menuItemPath } from './menuRoutes';
import { useCurrentRoute } from './useCurrentRoute';

/** A menu parent opened directly (alwaysShow shows itself): its visible pages as links. */
export default function ParentIndexView() {
  const current = useCurrentRoute();
  const item = current?.record.trail[current.record.trail.length - 1];
  const children = (item?.children ?? []).filter((c) => c.route !== '0' && !c.hidden && !c.meta?.hideMenu);
  return (
    <Card title={current?.record.title}>
      {children.length === 0 ? (
        <Typography.Text type="secondary">此菜单下没有可打开的页面</Typography.Text>
      ) : (
        <List
          dataSource={children}
          renderItem={(child) => (
            <List.Item>
              <Link to={menuItemPath(child.path)}>{child.meta?.title ?? child.name}</Link>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
