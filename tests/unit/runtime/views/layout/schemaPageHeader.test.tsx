/**
 * The page header on a schema page (知识文章): description, a search box over 文章标题 and tabs by
 * 发布状态 filter the list; the state lives in the URL beside the query bar's and comes back from it.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { SchemaPage } from '../../../../../runtime/views/SchemaPage';
import articleDocument from '../../../../../schemas/pages/knowledge/article.json';
import { createFakeHost, ok, type FakeHost } from '../../list/fakeHost';

const LIST = '/knowledge/article/list';
const loaded = loadPageSchema(articleDocument, 'schemas/pages/knowledge/article.json');
if (!loaded.ok) throw new Error('知识文章 loads');
const page = loaded.page;

let fake: FakeHost;
beforeEach(() => {
  fake = createFakeHost();
  fake.respond((call) => (call.url === LIST ? ok({ records: [], total: 0 }) : ok([])));
});

const lastListParams = () => fake.callsTo('get', LIST).at(-1)?.params ?? {};

function Routed({ initialSearch = '' }: { initialSearch?: string }) {
  const [search, setSearch] = useState(initialSearch);
  return (
    <ConfigProvider locale={zhCN}>
      <output data-testid="search">{search}</output>
      <SchemaPage page={page} host={fake.host} location={{ search, setSearch }} />
    </ConfigProvider>
  );
}

describe('the 知识文章 page header', () => {
  it('shows title and description; the search box and the tabs filter the list and go to the URL', async () => {
    const user = userEvent.setup();
    render(<Routed initialSearch="?page=2" />);
    await waitFor(() => expect(fake.callsTo('get', LIST).length).toBeGreaterThan(0));
    expect(screen.getByRole('heading', { name: '知识文章' })).toBeInTheDocument();
    expect(screen.getByText(/全体员工可检索/)).toBeInTheDocument();
    expect(lastListParams()).not.toHaveProperty('title');
    expect(lastListParams()).not.toHaveProperty('status');

    const box = screen.getByRole('searchbox', { name: '请输入文章标题关键字' });
    await user.type(box, '水渍{Enter}');
    await waitFor(() => expect(lastListParams()).toMatchObject({ title: '*水渍*', pageNo: 1 }));
    expect(new URLSearchParams(screen.getByTestId('search').textContent ?? '').get('keyword')).toBe('水渍');

    await user.click(screen.getByRole('tab', { name: '已发布' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ title: '*水渍*', status: '1' }));
    expect(new URLSearchParams(screen.getByTestId('search').textContent ?? '').get('tab')).toBe('published');

    await user.click(screen.getByRole('tab', { name: '全部' }));
    await waitFor(() => expect(lastListParams()).not.toHaveProperty('status'));
    expect(screen.getByTestId('search').textContent).toBe('?keyword=%E6%B0%B4%E6%B8%8D');
  }, 30_000);

  it('asks the server once when a tab is chosen on a later page (back to page 1 with the new filter)', async () => {
    const user = userEvent.setup();
    render(<Routed initialSearch="?page=2" />);
    await waitFor(() => expect(fake.callsTo('get', LIST)).toHaveLength(1));
    expect(lastListParams()).toMatchObject({ pageNo: 2 });
    await user.click(screen.getByRole('tab', { name: '已发布' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ status: '1', pageNo: 1 }));
    // Let any second reaction to the change go out before counting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.callsTo('get', LIST)).toHaveLength(2);
  }, 30_000);

  it('opens from a bookmarked URL with the keyword in the box and the tab active', async () => {
    render(<Routed initialSearch="?keyword=%E6%9F%A5%E5%8B%98&tab=draft" />);
    await waitFor(() => expect(lastListParams()).toMatchObject({ title: '*查勘*', status: '0' }));
    expect(fake.callsTo('get', LIST)).toHaveLength(1);
    expect(screen.getByRole('searchbox', { name: '请输入文章标题关键字' })).toHaveValue('查勘');
    expect(within(screen.getByRole('tablist')).getByRole('tab', { name: '未发布' })).toHaveAttribute('aria-selected', 'true');
  }, 30_000);
});
