import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recycleBinOf } from '../../../../../runtime/list/recycleBin';
import { runTestBox } from '../../../../../runtime/list/testBox';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import type { CompiledPage } from '../../../../../runtime/schema/compiledPageTypes';
import { drawerTitle, drawerValues } from '../../../../../runtime/views/drawer/DetailDrawer';
import { rowActionKey, rowActionTitle } from '../../../../../runtime/views/list/rowActions';
import { createFakeHost, fail, ok } from '../../list/fakeHost';

function shipped(name: string): CompiledPage {
  const source = `schemas/pages/sys/${name}.json`;
  const result = loadPageSchema(JSON.parse(readFileSync(source, 'utf8')), source);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

describe('drawer row actions (master–detail)', () => {
  it('数据字典 compiles 字典配置 as a drawer over sys/dictItem filtered by dictId, behind dictItem:list', () => {
    const action = shipped('dict').list.rowActions.find((a) => rowActionKey(a) === 'items');
    expect(action).toMatchObject({ action: 'drawer', page: 'sys/dictItem', filter: { dictId: 'id' }, permission: 'dictItem:list', width: 960 });
    if (action?.action !== 'drawer') throw new Error('not a drawer');
    expect(rowActionTitle(action)).toBe('字典配置');
    const row = { id: 'd1', dictName: '性别' };
    expect(drawerValues(action, row)).toEqual({ dictId: 'd1' });
    expect(drawerTitle(action, row)).toBe('字典配置：性别');
  });

  it('refuses a drawer that also names an endpoint', () => {
    const doc = JSON.parse(readFileSync('schemas/pages/sys/dict.json', 'utf8')) as { list: { rowActions: unknown[] } };
    doc.list.rowActions = [{ key: 'items', title: '字典配置', endpoint: 'x', drawer: { page: 'sys/dictItem', filter: { dictId: 'id' } } }];
    expect(loadPageSchema(doc, 'schemas/pages/sys/dict.json').ok).toBe(false);
  });
});

describe('test box row actions', () => {
  it('校验规则 测试 sends the typed value beside the id and reads pass or the rule message', async () => {
    const action = shipped('checkRule').list.rowActions.find((a) => rowActionKey(a) === 'test');
    expect(action).toMatchObject({ action: 'custom', url: '/sys/checkRule/test', method: 'get', permission: 'checkRule:test', input: { param: 'value', label: '测试值' } });
    if (action?.action !== 'custom') throw new Error('not custom');
    const fake = createFakeHost();
    fake.respond((call) => (call.params?.value === 'AB1234' ? ok(null, '校验通过') : fail('必须以 AB 开头')));
    expect(await runTestBox(fake.host, action, 'r1', 'AB1234')).toEqual({ passed: true, message: '校验通过' });
    expect(await runTestBox(fake.host, action, 'r1', 'X')).toEqual({ passed: false, message: '必须以 AB 开头' });
    expect(fake.calls.map((c) => [c.method, c.url, c.params])).toEqual([
      ['get', '/sys/checkRule/test', { id: 'r1', value: 'AB1234' }],
      ['get', '/sys/checkRule/test', { id: 'r1', value: 'X' }],
    ]);
  });
});

describe('回收站', () => {
  it('lists, restores and, after asking, purges through JeecgBoot’s paths', async () => {
    const fake = createFakeHost();
    fake.respond((call) => (call.url.endsWith('/deleteList') ? ok([{ id: 'd 1' }]) : ok(null, call.method === 'put' ? '还原成功！' : '删除成功！')));
    const bin = recycleBinOf(fake.host, { apiPath: '/sys/dict', recycleBin: { endpoints: 'perRow', idsParam: 'ids' } });
    expect(await bin.list()).toEqual([{ id: 'd 1' }]);
    expect(await bin.restore(['d 1'])).toBe(true);
    fake.answerConfirm(false);
    expect(await bin.purge(['d 1'])).toBe(false);
    fake.answerConfirm(true);
    expect(await bin.purge(['d 1'])).toBe(true);
    expect(fake.calls.map((c) => [c.method, c.url])).toEqual([
      ['get', '/sys/dict/deleteList'],
      ['put', '/sys/dict/back/d%201'],
      ['delete', '/sys/dict/deletePhysic/d%201'],
    ]);
    expect(fake.notices).toEqual([
      { kind: 'success', text: '还原成功！' },
      { kind: 'success', text: '删除成功！' },
    ]);
    expect(fake.confirms.map((c) => c.content)).toEqual(['彻底删除后不可恢复，确定要彻底删除吗？', '彻底删除后不可恢复，确定要彻底删除吗？']);
  });

  it('restores and purges the chosen rows one call each with perRow, stopping at the first refusal', async () => {
    const fake = createFakeHost();
    fake.respond((call) => (call.url.endsWith('/back/b') ? fail('回收站中没有该记录') : ok(null, '还原成功！')));
    const bin = recycleBinOf(fake.host, { apiPath: '/sys/dict', recycleBin: { endpoints: 'perRow', idsParam: 'ids' } });
    expect(await bin.restore(['a', 'b', 'c'])).toBe(false);
    expect(fake.calls.map((c) => c.url)).toEqual(['/sys/dict/back/a', '/sys/dict/back/b']);
    expect(fake.notices).toEqual([{ kind: 'warning', text: '回收站中没有该记录' }]);
  });

  it('speaks JeecgBoot’s user contract with batch: one call for the chosen rows, ids named by the page', async () => {
    const fake = createFakeHost();
    fake.respond((call) => (call.url.endsWith('/recycleBin') ? ok([{ id: 'u1' }, { id: 'u2' }]) : ok(null, call.method === 'put' ? '还原成功' : '删除成功!')));
    const bin = recycleBinOf(fake.host, { apiPath: '/sys/user', recycleBin: { endpoints: 'batch', idsParam: 'userIds' } });
    expect(await bin.list()).toHaveLength(2);
    expect(await bin.restore(['u1', 'u2'])).toBe(true);
    fake.answerConfirm(true);
    expect(await bin.purge(['u1'])).toBe(true);
    expect(fake.calls.map((c) => [c.method, c.url, c.params ?? c.body])).toEqual([
      ['get', '/sys/user/recycleBin', undefined],
      ['put', '/sys/user/putRecycleBin', { userIds: 'u1,u2' }],
      ['delete', '/sys/user/deleteRecycleBin', { userIds: 'u1' }],
    ]);
  });
});
