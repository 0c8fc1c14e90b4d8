/**
 * The page-header layout (widgets spec §2): title (and optional description) with, when given, a
 * search box and tabs under it — the shape JeecgBoot's page wrapper reads from a page (search
 * flag, tabs). Controlled: the page owns the keyword and the active tab.
 */
import { Input, Tabs, Typography } from 'antd';
import { useState, type ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Shows the search box; onSearch gets the trimmed keyword on Enter or the search button. */
  search?: {
    placeholder?: string;
    /** The keyword in force (from the URL, say): the box shows it and follows when it changes elsewhere. */
    value?: string;
    onSearch(keyword: string): void;
  };
  tabs?: { items: readonly { key: string; label: ReactNode }[]; activeKey?: string; onChange(key: string): void };
  extra?: ReactNode;
}

export const PAGE_HEADER_TEXTS = { searchPlaceholder: '请输入搜索内容', search: '搜索' } as const;

export function PageHeader({ title, description, search, tabs, extra }: PageHeaderProps) {
  return (
    <div className="page-header-layout" style={{ marginBottom: 12 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <Typography.Title level={4} style={{ margin: 0, flex: 1 }}>
          {title}
        </Typography.Title>
        {extra}
      </div>
      {description && <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>{description}</Typography.Paragraph>}
      {search && (
        <div style={{ textAlign: 'center', margin: '12px 0' }}>
          <HeaderSearch {...search} />
        </div>
      )}
      {tabs && (
        <Tabs
          activeKey={tabs.activeKey}
          onChange={tabs.onChange}
          items={tabs.items.map((item) => ({ key: item.key, label: item.label }))}
          style={{ marginBottom: -12 }}
        />
      )}
    </div>
  );
}

function HeaderSearch({ placeholder, value, onSearch }: NonNullable<PageHeaderProps['search']>) {
  const [draft, setDraft] = useState(value ?? '');
  // The keyword changed outside the box (back/forward, a link): show it.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== undefined) setDraft(value);
  }
  return (
    <Input.Search
      aria-label={placeholder ?? PAGE_HEADER_TEXTS.searchPlaceholder}
      placeholder={placeholder ?? PAGE_HEADER_TEXTS.searchPlaceholder}
      enterButton={PAGE_HEADER_TEXTS.search}
      allowClear
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      style={{ maxWidth: 522, width: '100%' }}
      onSearch={(keyword) => onSearch(keyword.trim())}
    />
  );
}
