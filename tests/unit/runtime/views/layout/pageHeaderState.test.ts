/** The page header's state in the URL and the list parameters it adds (runtime/views/layout/pageHeaderState). */
import { describe, expect, it } from 'vitest';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import type { CompiledHeader } from '../../../../../runtime/schema/compiledPageTypes';
import { headerParams, readHeaderState, writeHeaderState } from '../../../../../runtime/views/layout/pageHeaderState';
import articleDocument from '../../../../../schemas/pages/knowledge/article.json';

function articleHeader(): CompiledHeader {
  const result = loadPageSchema(articleDocument, 'schemas/pages/knowledge/article.json');
  if (!result.ok || !result.page.header) throw new Error('知识文章 has a header');
  return result.page.header;
}

describe('page header state (知识文章: search over 文章标题, tabs by 发布状态)', () => {
  const header = articleHeader();

  it('starts with no keyword on the first tab, and sends nothing then', () => {
    const state = readHeaderState(header, '');
    expect(state).toEqual({ keyword: '', tab: 'all' });
    expect(headerParams(header, state)).toEqual({});
  });

  it('reads keyword and tab from the URL; an unknown tab falls back to the first', () => {
    expect(readHeaderState(header, '?keyword=%20%E6%B0%B4%E6%B8%8D%20&tab=published')).toEqual({ keyword: '水渍', tab: 'published' });
    expect(readHeaderState(header, '?tab=nonsense').tab).toBe('all');
  });

  it('sends the keyword as a like condition on the field and the tab filter as an equality', () => {
    expect(headerParams(header, { keyword: '水渍', tab: 'published' })).toEqual({ title: '*水渍*', status: '1' });
    expect(headerParams(header, { keyword: '', tab: 'draft' })).toEqual({ status: '0' });
  });

  it('writes its state beside the query bar parameters, leaves defaults out and goes back to page 1', () => {
    const base = '?q.tags=*law*&page=3&column=title&order=asc';
    const next = new URLSearchParams(writeHeaderState(header, base, { keyword: '查勘', tab: 'draft' }));
    expect(next.get('keyword')).toBe('查勘');
    expect(next.get('tab')).toBe('draft');
    expect(next.get('q.tags')).toBe('*law*');
    expect(next.get('column')).toBe('title');
    expect(next.has('page')).toBe(false);
    expect(writeHeaderState(header, '?keyword=x&tab=draft', { keyword: '  ', tab: 'all' })).toBe('');
  });

  it('cuts an absurdly long keyword', () => {
    expect(readHeaderState(header, `?keyword=${'长'.repeat(300)}`).keyword).toHaveLength(100);
  });
});
