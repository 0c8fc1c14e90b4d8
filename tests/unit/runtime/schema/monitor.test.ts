import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';

type Doc = Record<string, unknown> & { entity: Record<string, unknown>; monitor: Record<string, unknown>; list: { columns: Record<string, unknown>[] } };
const shipped = (name: string): Doc => JSON.parse(fs.readFileSync(path.resolve(`schemas/pages/monitor/${name}.json`), 'utf8')) as Doc;
const errorsOf = (doc: unknown) => {
  const loaded = loadPageSchema(doc, 'test:monitor');
  return loaded.ok ? [] : loaded.errors.map((e) => `${e.pointer} ${e.message}`);
};

describe('the monitor section of a page', () => {
  it('loads the seven 系统监控 pages', () => {
    for (const name of ['disk', 'httpTrace', 'runtime', 'database', 'system', 'httpServer', 'fileStorage']) expect(errorsOf(shipped(name)), name).toEqual([]);
  });

  it('asks for a named module when figures come from an endpoint', () => {
    const doc = shipped('runtime');
    delete doc.entity.servedBy;
    expect(errorsOf(doc)).toContain('/monitor/endpoint 监控数据接口只能由服务模块提供，须同时声明 entity.servedBy');
  });

  it('refuses a bad value path', () => {
    const doc = shipped('runtime');
    doc.monitor = { endpoint: 'summary', groups: [{ title: '数', kind: 'figures', items: [{ key: 'memory..rss', label: 'RSS' }] }] };
    expect(errorsOf(doc).join('\n')).toContain('/monitor/groups/0/items/0/key 取值路径应为以点分隔的属性名');
  });

  it('refuses an endpoint named like a generic one, a table without rows, figures without items, groups without endpoint', () => {
    const doc = shipped('runtime');
    doc.monitor = { endpoint: 'list', groups: [{ title: '表', kind: 'table', columns: [{ key: 'a', label: 'A' }] }, { title: '数', kind: 'figures' }] };
    expect(errorsOf(doc)).toEqual(
      expect.arrayContaining([
        '/monitor/endpoint 端点名 list 与通用端点重名，请换一个名字',
        '/monitor/groups/0 表格（table）须声明 rows 和 columns',
        '/monitor/groups/1 figures 须声明 items',
      ]),
    );
    const withoutEndpoint = shipped('runtime');
    delete withoutEndpoint.monitor.endpoint;
    expect(errorsOf(withoutEndpoint)).toContain('/monitor/groups 没有 endpoint 时无法显示 groups');
  });

  it('formats bytes and duration only on number fields', () => {
    const doc = shipped('disk');
    doc.list.columns[0] = { field: 'name', format: 'bytes' };
    expect(errorsOf(doc)).toContain('/list/columns/0/format 格式 bytes 只适用于数值字段，name 是 string');
  });
});
