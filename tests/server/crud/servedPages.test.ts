import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPageFile } from '../../../server/crud/pages';
import { servedPageProblems } from '../../../server/crud/servedPages';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../runtime/schema/loadPageSchema';

const API = '/insurance';

function shipped(ref: string): CompiledPage {
  const loaded = loadPageFile(path.resolve('schemas/pages', `${ref}.json`));
  if (!loaded.page) throw new Error(JSON.stringify(loaded.errors));
  return loaded.page;
}

function withModule(page: CompiledPage, servedBy: string): CompiledPage {
  const doc = structuredClone(page.document);
  doc.entity.servedBy = servedBy;
  const result = loadPageSchema(doc, page.source);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

describe('pages served by a named module', () => {
  const online = shipped('sys/online');
  const depart = shipped('sys/sysDepart');
  const routes = new Map<string, string | undefined>([
    [`GET ${API}/sys/online/list`, 'online:list'],
    [`POST ${API}/sys/online/forceLogout`, 'online:forceLogout'],
    [`GET ${API}/sys/sysDepart/queryTreeList`, '@signed-in'],
    [`POST ${API}/sys/sysDepart/add`, 'depart:add'],
    [`PUT ${API}/sys/sysDepart/edit`, 'depart:edit'],
    [`DELETE ${API}/sys/sysDepart/delete`, 'depart:delete'],
  ]);

  it('accepts the shipped pages when their module serves every route they call with their codes', () => {
    expect(servedPageProblems([online, depart], routes, API)).toEqual([]);
  });

  it('refuses an unknown module, a missing route and a route asking for another code', () => {
    // The choices list every module (more come with new system pages).
    expect(servedPageProblems([withModule(online, 'nobody')], routes, API)).toEqual([
      expect.stringMatching(/^schemas\/pages\/sys\/online\.json#\/entity\/servedBy 服务模块「nobody」不存在（可选：depart、(\w+、)*\w+）$/),
    ]);
    const missing = new Map(routes);
    missing.delete(`DELETE ${API}/sys/sysDepart/delete`);
    missing.set(`PUT ${API}/sys/sysDepart/edit`, 'depart:list');
    expect(servedPageProblems([depart], missing, API)).toEqual([
      `schemas/pages/sys/sysDepart.json#/entity/servedBy 编辑接口 PUT ${API}/sys/sysDepart/edit 要求的权限编码 depart:list 与页面的 depart:edit 不一致`,
      `schemas/pages/sys/sysDepart.json#/entity/servedBy 模块「depart」没有提供删除接口 DELETE ${API}/sys/sysDepart/delete`,
    ]);
  });
});
