import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DetailList } from '../../../../../runtime/views/layout/DetailList';
import { detailColumns } from '../../../../../runtime/views/layout/detailColumns';
import { PageHeader } from '../../../../../runtime/views/layout/PageHeader';

describe('detail-list layout', () => {
  it('has 3 columns by default and at most 4', () => {
    expect(detailColumns(undefined)).toBe(3);
    expect(detailColumns(2)).toBe(2);
    expect(detailColumns(6)).toBe(4);
    expect(detailColumns(0)).toBe(1);
  });

  it('lays the pairs out in rows of the given columns', () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ key: `f${i}`, label: `标签${i}`, value: `值${i}` }));
    const { container } = render(<DetailList items={items} columns={4} />);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByText('值7')).toBeTruthy();
  });
});

describe('page-header layout', () => {
  it('shows the title alone, or with a search box and tabs that report to the page', () => {
    const { rerender } = render(<PageHeader title="公告管理" />);
    expect(screen.getByText('公告管理')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    const onSearch = vi.fn();
    const onChange = vi.fn();
    rerender(
      <PageHeader
        title="公告管理"
        search={{ onSearch }}
        tabs={{ items: [{ key: 'all', label: '全部' }, { key: 'unread', label: '未读' }], activeKey: 'all', onChange }}
      />,
    );
    const box = screen.getByPlaceholderText('请输入搜索内容');
    fireEvent.change(box, { target: { value: ' 台风 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenCalledWith('台风');
    fireEvent.click(screen.getByText('未读'));
    expect(onChange).toHaveBeenCalledWith('unread');
  });
});
