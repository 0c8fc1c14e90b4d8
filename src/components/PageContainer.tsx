import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { usePageRecord } from '../hooks/pageRecord';

interface PageContainerProps {
  /** Defaults to the route's title (menu meta). */
  title?: ReactNode;
  description?: ReactNode;
  /** Actions shown at the right of the title. */
  extra?: ReactNode;
  /** Set false for pages that draw their own heading. */
  showHeader?: boolean;
  children: ReactNode;
}

/** Page content wrapper (spec §2): a heading titled from the route meta, then the page. */
export default function PageContainer({ title, description, extra, showHeader = true, children }: PageContainerProps) {
  const page = usePageRecord();
  const heading = title ?? page?.record.title;
  return (
    <div className="page-container">
      {showHeader && heading && (
        <Card variant="borderless" className="page-container-header" styles={{ body: { padding: '12px 24px' } }}>
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {heading}
            </Typography.Title>
            {extra}
          </div>
          {description && (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              {description}
            </Typography.Paragraph>
          )}
        </Card>
      )}
      <div className="page-container-body">{children}</div>
    </div>
  );
}
