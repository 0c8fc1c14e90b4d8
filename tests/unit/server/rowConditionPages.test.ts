/**
 * Row conditions that name another page (a child row existing, scopedBy's owner) are checked once
 * every page is loaded: a wrong page or field stops the start instead of closing a list later.
 */
import { describe, expect, it } from 'vitest';
import { loadEntityPages } from '../../../server/crud/pages';
import { conditionPageErrors } from '../../../server/crud/rowConditionPages';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';

const pages = loadEntityPages();
const receive = pages.find((p) => p.entity.name === 'receive')!;

function withReceive(change: Partial<CompiledPage>): CompiledPage[] {
  return pages.map((p) => (p === receive ? { ...receive, ...change } : p));
}

describe('row conditions across pages', () => {
  it('accepts the shipped pages', () => {
    expect(conditionPageErrors(pages)).toEqual([]);
  });

  it('names an unknown child page, link field and a child condition on a field the child lacks', () => {
    const errors = conditionPageErrors(
      withReceive({
        views: [
          { key: 'a', title: 'A', filter: [{ child: { page: 'receive/nothing', link: 'receiveId' } }] },
          { key: 'b', title: 'B', filter: [{ anyOf: [{ child: { page: 'receive/receiveMember', link: 'caseId', where: [{ field: 'ghost', op: 'eq', session: 'username' }] } }] }] },
        ],
      }),
    );
    expect(errors.map((e) => [e.pointer, e.message])).toEqual([
      ['/views/0/filter/0/child/page', '条件引用的页面 receive/nothing 不存在'],
      ['/views/1/filter/0/anyOf/0/child/link', '子记录条件引用了页面 receive/receiveMember 不存在的字段 caseId'],
      ['/views/1/filter/0/anyOf/0/child/where/0/field', '条件引用了页面 receive/receiveMember 不存在的字段 ghost'],
    ]);
  });

  it('names a scopedBy page that does not exist', () => {
    const progress = pages.find((p) => p.entity.name === 'receiveProgress')!;
    const changed = pages.map((p) => (p === progress ? { ...progress, entity: { ...progress.entity, scopedBy: { page: 'receive/gone', field: progress.entity.scopedBy!.field } } } : p));
    expect(conditionPageErrors(changed)).toEqual([{ source: progress.source, pointer: '/entity/scopedBy/page', message: 'scopedBy 引用的页面 receive/gone 不存在' }]);
  });
});
