/**
 * The page language's named views (`views`), named scopes (`entity.scopes`) and `entity.scopedBy`:
 * what the loader compiles, and what it refuses with file, pointer and a Chinese message.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageDocument } from '../../../../runtime/generated/page';
import { clearPageSchemaCache, loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { expertDocument } from './fixtures';

const SOURCE = 'schemas/pages/maintenance/expert.json';

function load(mutate: (doc: PageDocument) => void) {
  const doc = expertDocument();
  mutate(doc);
  return loadPageSchema(doc, SOURCE);
}

function errorsOf(mutate: (doc: PageDocument) => void) {
  const result = load(mutate);
  if (result.ok) throw new Error('expected the document to be refused');
  return result.errors.map((e) => ({ pointer: e.pointer, message: e.message }));
}

beforeEach(() => clearPageSchemaCache());

describe('views, scopes and scopedBy', () => {
  it('compile as declared: views in order with their filters and permission, scopes by name, scopedBy’s field', () => {
    const result = load((doc) => {
      doc.views = [
        { key: 'men', title: '男专家', filter: [{ field: 'sex', op: 'eq', value: '1' }] },
        { key: 'mine', title: '我的专家', filter: [{ field: 'createBy', op: 'eq', session: 'username' }], permission: 'expert:mine' },
      ];
      doc.entity.scopes = { ownDepart: { anyOf: [{ field: 'sysOrgCode', op: 'in', session: 'departTree' }, { field: 'remark', op: 'contains', session: 'username' }] } };
      doc.entity.scopedBy = { page: 'receive/receive', field: 'email' };
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.page.views.map((v) => [v.key, v.title, v.permission])).toEqual([['men', '男专家', undefined], ['mine', '我的专家', 'expert:mine']]);
    expect(result.page.views[0].filter).toEqual([{ field: 'sex', op: 'eq', value: '1' }]);
    expect(Object.keys(result.page.entity.scopes)).toEqual(['ownDepart']);
    expect(result.page.entity.scopedBy).toMatchObject({ page: 'receive/receive', field: { name: 'email', column: 'email' } });
  });

  it('a page without them has no views and no scopes', () => {
    const result = load(() => undefined);
    expect(result.ok && result.page.views).toEqual([]);
    expect(result.ok && result.page.entity.scopes).toEqual({});
  });

  it('refuses unknown fields, duplicate keys and right-hand sides that do not fit the operator', () => {
    expect(
      errorsOf((doc) => {
        doc.views = [
          { key: 'a', title: 'A', filter: [{ field: 'ghost', op: 'eq', value: 'x' }] },
          { key: 'a', title: 'B', filter: [{ field: 'sex', op: 'in', value: '1' }] },
          { key: 'c', title: 'C', filter: [{ field: 'expertName', op: 'eq', session: 'departs' }] },
          { key: 'd', title: 'D', filter: [{ field: 'sex', op: 'contains', session: 'username' }] },
          { key: 'e', title: 'E', filter: [{ field: 'expertName', op: 'eq', value: 'x', session: 'username' }] },
          { key: 'f', title: 'F', filter: [{ anyOf: [{ field: 'sex', op: 'lt', otherField: 'expertName' }] }] },
          { key: 'g', title: 'G', filter: [{ field: 'sex', op: 'eq', value: 'abc' }] },
        ];
      }),
    ).toEqual([
      { pointer: '/views/0/filter/0/field', message: '条件引用了不存在的字段 ghost' },
      { pointer: '/views/1/key', message: '视图 key a 重复（已在 /views/0）' },
      { pointer: '/views/1/filter/0/value', message: 'in 条件的 value 须为列表' },
      { pointer: '/views/2/filter/0/session', message: 'session departs 是一组部门，只能用于 in 条件' },
      { pointer: '/views/3/filter/0/field', message: 'contains 条件用于逗号分隔的文本字段，sex 是 integer' },
      { pointer: '/views/4/filter/0', message: '条件须恰好给出 value、session、otherField 之一（字段 expertName）' },
      { pointer: '/views/5/filter/0/anyOf/0/otherField', message: '字段 sex（integer）与 expertName（string）类型不同，不能比较' },
      { pointer: '/views/6/filter/0/value', message: '字段 sex 是 integer，值 abc 不是数字' },
    ]);
  });

  it('checks scopes and scopedBy the same way; a view key must be camelCase (it is part of the menu component)', () => {
    expect(
      errorsOf((doc) => {
        doc.entity.scopes = { mine: { allOf: [{ field: 'nobody', op: 'eq', session: 'username' }] } };
        doc.entity.scopedBy = { page: 'receive/receive', field: 'sex' };
      }),
    ).toEqual([
      { pointer: '/entity/scopes/mine/allOf/0/field', message: '条件引用了不存在的字段 nobody' },
      { pointer: '/entity/scopedBy/field', message: 'scopedBy 的字段 sex 须为文本字段（存所属记录的 id），它是 integer' },
    ]);
    const shape = errorsOf((doc) => {
      doc.views = [{ key: 'Bad-Key', title: 'X', filter: [{ field: 'sex', op: 'eq', value: '1' }] }];
    });
    expect(shape[0]).toMatchObject({ pointer: '/views/0/key' });
  });
});
