import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageDocument } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { checkPickerReferences, type SourcedDocument } from '../../../../runtime/schema/pickerReferences';
import { fixtureDocument } from '../../../support/fixturePages';
import { pageFiles, repoRoot } from './fixtures';

function readDocument(source: string): PageDocument {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, source), 'utf8')) as PageDocument;
}

type Mutable = Record<string, unknown> & { entity: { tree: Record<string, unknown> & { cascade: Record<string, unknown> } }; picker: { tree: Record<string, unknown>; textField: string; columns: unknown[]; list?: string }; fields: Record<string, unknown>[] };

function changed(name: string, change: (doc: Mutable) => void): PageDocument {
  const doc = fixtureDocument(name) as unknown as Mutable;
  change(doc);
  return doc as unknown as PageDocument;
}

function errorsOf(doc: PageDocument): string[] {
  const result = loadPageSchema(doc, 'test:tree');
  return result.ok ? [] : result.errors.map((e) => `${e.pointer} ${e.message}`);
}

describe('picker.tree search fields', () => {
  it('compile to the fields the search matches, by default the text field', () => {
    const declared = loadPageSchema(fixtureDocument('clientTree'), 'clientTree');
    if (!declared.ok) throw new Error('clientTree did not load');
    expect(declared.page.picker?.tree?.searchFields.map((f) => f.column)).toEqual(['client_title', 'client_no']);
    const byDefault = loadPageSchema(changed('clientTree', (doc) => delete doc.picker.tree.searchFields), 'clientTree');
    if (!byDefault.ok) throw new Error('clientTree did not load');
    expect(byDefault.page.picker?.tree).toMatchObject({ loadUrl: '/test/clientTree/wholeTree', searchUrl: '/test/clientTree/findClients' });
    expect(byDefault.page.picker?.tree?.searchFields.map((f) => f.name)).toEqual(['clientTitle']);
  });

  it('a renamed field the search still names is reported where it is named', () => {
    const renamed = changed('clientTree', (doc) => {
      doc.fields[0].name = 'clientName';
      doc.list = { ...(doc.list as object), columns: [{ field: 'clientName' }] };
      doc.form = { fields: ['parentId', 'clientName'] };
      doc.picker.columns = [{ field: 'clientName' }];
      doc.picker.textField = 'clientName';
    });
    expect(errorsOf(renamed)).toEqual(['/picker/tree/searchFields/0 树形选择器的 searchFields 引用了不存在的字段 clientTitle']);
  });

  it('only text fields are searched, and searchFields needs a search endpoint', () => {
    const numeric = changed('clientTree', (doc) => (doc.picker.tree.searchFields = ['sortNo']));
    expect(errorsOf(numeric)).toEqual(['/picker/tree/searchFields/0 树形选择器的 searchFields 字段 sortNo 不是文本字段（类型 integer），不能按关键字搜索']);
    const byNumber = changed('clientTree', (doc) => {
      delete doc.picker.tree.searchFields;
      doc.picker.textField = 'sortNo';
    });
    expect(errorsOf(byNumber)).toEqual(['/picker/tree/search 树形选择器按 textField 搜索，字段 sortNo 不是文本字段（类型 integer），不能按关键字搜索，请用 searchFields 指定文本字段']);
    const idle = changed('clientTree', (doc) => delete doc.picker.tree.search);
    expect(errorsOf(idle)).toEqual(['/picker/tree/searchFields 没有声明 search 端点，searchFields 不会被使用']);
  });

  it('an endpoint name may not take a generic endpoint or another declared one', () => {
    const generic = changed('clientTree', (doc) => (doc.picker.tree.load = 'list'));
    expect(errorsOf(generic)).toEqual(['/picker/tree/load 端点名 list 与通用端点重名，请换一个名字']);
    const twice = changed('clientTree', (doc) => (doc.picker.tree.search = 'wholeTree'));
    expect(errorsOf(twice)).toEqual(['/picker/tree/search 端点名 wholeTree 已在 /picker/tree/load 使用']);
    const listTwice = changed('clientTree', (doc) => (doc.picker.list = 'wholeTree'));
    expect(errorsOf(listTwice)).toEqual(['/picker/tree/load 端点名 wholeTree 已在 /picker/list 使用']);
    expect(errorsOf(changed('clientTree', (doc) => (doc.picker.list = 'list')))).toEqual([]);
    expect(errorsOf(changed('clientTree', (doc) => (doc.picker.list = 'add')))).toEqual(['/picker/list 端点名 add 与通用端点重名，请换一个名字']);
  });
});

describe('entity.tree.cascade', () => {
  it('compiles the endpoints, fields and levels the area widget and the server read', () => {
    const area = loadPageSchema(readDocument('schemas/pages/maintenance/area.json'), 'area');
    if (!area.ok) throw new Error('area did not load');
    const cascade = area.page.entity.tree?.cascade;
    expect(cascade).toMatchObject({ levels: 3, mapUrl: '/maintenance/area/childList', levelUrls: [{ level: 2, url: '/maintenance/area/city' }] });
    expect([cascade?.levelField.column, cascade?.nameField.column]).toEqual(['level', 'area_name']);
    const region = loadPageSchema(changed('region', (doc) => delete doc.entity.tree.cascade.mapEndpoint), 'region');
    if (!region.ok) throw new Error('region did not load');
    expect(region.page.entity.tree?.cascade?.mapUrl).toBe('/test/region/childList');
  });

  it('a renamed field the cascade still names is reported where it is named', () => {
    const renamed = changed('region', (doc) => {
      doc.fields[0].name = 'title';
      doc.list = { ...(doc.list as object), columns: [{ field: 'title' }], defaultSort: { field: 'title', order: 'asc' } };
      doc.form = { fields: ['parentCode', 'title', 'depth'] };
    });
    expect(errorsOf(renamed)).toEqual(['/entity/tree/cascade/nameField 级联的 nameField 引用了不存在的字段 regionName']);
  });

  it('refuses a level field that is not an integer, a level past the last, and an endpoint taken twice', () => {
    const textLevel = changed('region', (doc) => (doc.entity.tree.cascade.levelField = 'regionName'));
    expect(errorsOf(textLevel)).toEqual(['/entity/tree/cascade/levelField 级联的 levelField regionName 必须是整数字段，当前类型是 string']);
    const deep = changed('region', (doc) => (doc.entity.tree.cascade.levelEndpoints = [{ level: 3, endpoint: 'county' }]));
    expect(errorsOf(deep)).toEqual(['/entity/tree/cascade/levelEndpoints/0/level 级别 3 超出级联的级数 2']);
    const taken = changed('region', (doc) => (doc.entity.tree.cascade.levelEndpoints = [{ level: 2, endpoint: 'regionMap' }]));
    expect(errorsOf(taken)).toEqual(['/entity/tree/cascade/levelEndpoints/0/endpoint 端点名 regionMap 已在 /entity/tree/cascade/mapEndpoint 使用']);
    const generic = changed('region', (doc) => (doc.entity.tree.cascade.levelEndpoints = [{ level: 2, endpoint: 'childList' }]));
    expect(errorsOf(generic)).toEqual(['/entity/tree/cascade/levelEndpoints/0/endpoint 端点名 childList 与通用端点重名，请换一个名字']);
  });

  it("an area field's page must exist and declare a cascade", () => {
    const all: SourcedDocument[] = pageFiles().map((source) => ({ source, doc: readDocument(source) }));
    const withArea = (page?: string): PageDocument => {
      const doc = fixtureDocument('clientTree') as unknown as Mutable;
      doc.fields.push({ name: 'regionCode', label: '地区', type: 'string', length: 12, widget: 'area', ...(page ? { options: { area: { page } } } : {}) });
      return doc as unknown as PageDocument;
    };
    const at = '/fields/5';
    const region: SourcedDocument = { source: 'schemas/pages/test/region.json', doc: fixtureDocument('region') };
    expect(checkPickerReferences([...all, region, { source: 'a.json', doc: withArea() }])).toEqual([]);
    expect(checkPickerReferences([...all, region, { source: 'b.json', doc: withArea('maintenance/expert') }, { source: 'c.json', doc: withArea('test/nowhere') }])).toEqual([
      { source: 'b.json', pointer: `${at}/options/area/page`, message: '页面 maintenance/expert 没有 entity.tree.cascade 配置，不能用作区域级联', expected: '带 entity.tree.cascade 的页面' },
      { source: 'c.json', pointer: `${at}/options/area/page`, message: '区域页面 test/nowhere 不存在（找不到 schemas/pages/test/nowhere.json）' },
    ]);
  });
});
