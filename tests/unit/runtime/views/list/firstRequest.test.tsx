/**
 * A schema page's first list request, known from the compiled page and its address before anything
 * renders (runtime/views/list/firstRequest.ts), is exactly the request the page's list sends when it
 * loads — and when it was sent ahead, the list takes that answer instead of asking again.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestParams } from '../../../../../runtime/host/types';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import type { CompiledPage } from '../../../../../runtime/schema/compiledPageTypes';
import { SchemaPage } from '../../../../../runtime/views/SchemaPage';
import { firstListRequest, prefetchFirstList } from '../../../../../runtime/views/list/firstRequest';
import articleDocument from '../../../../../schemas/pages/knowledge/article.json';
import expertDocument from '../../../../../schemas/pages/maintenance/expert.json';
import receiveDocument from '../../../../../schemas/pages/receive/receive.json';
import logDocument from '../../../../../schemas/pages/sys/log.json';
import userDocument from '../../../../../schemas/pages/sys/user.json';
import { createFakeHost, ok, type FakeHost } from '../../list/fakeHost';

function compiled(doc: unknown, source: string): CompiledPage {
  const loaded = loadPageSchema(doc, source);
  if (!loaded.ok) throw new Error(`${source} does not compile`);
  return loaded.page;
}

const PAGES = {
  expert: compiled(expertDocument, 'schemas/pages/maintenance/expert.json'),
  receive: compiled(receiveDocument, 'schemas/pages/receive/receive.json'),
  user: compiled(userDocument, 'schemas/pages/sys/user.json'),
  article: compiled(articleDocument, 'schemas/pages/knowledge/article.json'),
  log: compiled(logDocument, 'schemas/pages/sys/log.json'),
};

interface Case {
  name: string;
  page: CompiledPage;
  search: string;
  view?: string;
}

const CASES: Case[] = [
  { name: '专家, default sort and page', page: PAGES.expert, search: '' },
  { name: '专家, a bookmarked query, page, size and sort', page: PAGES.expert, search: '?q.expertName=%E7%8E%8B&page=3&pageSize=20&column=expertName&order=asc' },
  { name: '在办案件, a menu view with its filter', page: PAGES.receive, search: '', view: 'handle' },
  { name: '待开票案件, another view, with a query', page: PAGES.receive, search: '?page=2', view: 'waitReceipt' },
  { name: '用户管理, link columns without a stored column', page: PAGES.user, search: '' },
  { name: '知识文章, header search and tab from the address', page: PAGES.article, search: '?keyword=%E6%9F%A5%E5%8B%98&tab=published' },
  { name: '日志管理, the first header tab by default', page: PAGES.log, search: '' },
];

function listAnswer(fake: FakeHost) {
  fake.respond((call) =>
    call.url.endsWith('/list') ? ok({ records: [{ id: 'r1', expertName: '王工', title: '查勘要点' }], total: 1 }) : ok([]),
  );
}

function renderPage(fake: FakeHost, { page, search, view }: Case) {
  return render(<SchemaPage page={page} host={fake.host} location={{ search, setSearch: () => undefined }} view={view} />);
}

const listCalls = (fake: FakeHost, page: CompiledPage) => fake.calls.filter((call) => call.method === 'get' && call.url === firstListRequest(page, { search: '' })?.url);

// antd in jsdom on a shared two-core machine: each page render takes a second or more.
describe('the first list request of a schema page', { timeout: 60_000 }, () => {
  it.each(CASES)('is the request the page sends when it loads: $name', async (c) => {
    const fake = createFakeHost();
    listAnswer(fake);
    renderPage(fake, c);
    await waitFor(() => expect(listCalls(fake, c.page).length).toBeGreaterThan(0));
    const sent = listCalls(fake, c.page)[0];
    const derived = firstListRequest(c.page, { search: c.search, ...(c.view === undefined ? {} : { view: c.view }) });
    expect(derived).toEqual({ url: sent.url, params: sent.params });
  });

  it('carries the view, the header search and tab, the bookmarked query and sort', () => {
    expect(firstListRequest(PAGES.receive, { search: '', view: 'handle' })?.params).toMatchObject({ view: 'handle', pageNo: 1 });
    expect(firstListRequest(PAGES.article, { search: '?keyword=%E6%9F%A5%E5%8B%98&tab=published' })?.params).toMatchObject({ title: '*查勘*', status: '1' });
    expect(firstListRequest(PAGES.expert, { search: CASES[1].search })).toMatchObject({
      url: '/maintenance/expert/list',
      params: { expertName: '*王*', pageNo: 3, pageSize: 20, column: 'expertName', order: 'asc' },
    });
  });

  it('names every column once in field, never an empty name', () => {
    for (const page of Object.values(PAGES)) {
      const field = String((firstListRequest(page, { search: '' })?.params as RequestParams).field);
      const names = field.split(',');
      expect(names[0]).toBe('id');
      expect(names).not.toContain('');
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('is none for a view the document does not declare', () => {
    expect(firstListRequest(PAGES.receive, { search: '', view: 'nothing' })).toBeUndefined();
  });

  it('sent ahead, is taken by the list: one request, its rows shown', async () => {
    const fake = createFakeHost();
    listAnswer(fake);
    prefetchFirstList(fake.host.request, PAGES.expert, { search: '' });
    expect(listCalls(fake, PAGES.expert)).toHaveLength(1);
    renderPage(fake, { name: '', page: PAGES.expert, search: '' });
    expect(await screen.findByText('王工')).toBeInTheDocument();
    expect(listCalls(fake, PAGES.expert)).toHaveLength(1);
  });

  it('sent ahead for another address, is not taken: the list asks for its own rows', async () => {
    const fake = createFakeHost();
    listAnswer(fake);
    prefetchFirstList(fake.host.request, PAGES.expert, { search: '?page=2' });
    renderPage(fake, { name: '', page: PAGES.expert, search: '' });
    expect(await screen.findByText('王工')).toBeInTheDocument();
    const calls = listCalls(fake, PAGES.expert);
    expect(calls).toHaveLength(2);
    expect(calls.map((call) => call.params?.pageNo)).toEqual([2, 1]);
  });
});
