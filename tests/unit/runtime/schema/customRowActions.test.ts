import { describe, expect, it } from 'vitest';
import quartzJobDocument from '../../../../schemas/pages/sys/quartzJob.json';
import type { CustomRowAction, PageDocument } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';

const SOURCE = 'schemas/pages/sys/quartzJob.json';

function withRowActions(rowActions: unknown[]): unknown {
  const doc = structuredClone(quartzJobDocument) as unknown as PageDocument;
  return { ...doc, list: { ...doc.list, rowActions } };
}

function errorsOf(doc: unknown) {
  const result = loadPageSchema(doc, SOURCE);
  return result.ok ? [] : result.errors.map((e) => `${e.pointer} ${e.message}`);
}

const pause: CustomRowAction = { key: 'pause', title: '停止', endpoint: 'pause', visibleWhen: "$row.status == '0'" };

describe('custom row actions in the page language', () => {
  it('compile to an endpoint under the entity, a default get, the default permission <prefix>:<key> and the fields they read', () => {
    const result = loadPageSchema(quartzJobDocument, SOURCE);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.page.list.rowActions).toEqual([
      {
        action: 'custom',
        key: 'pause',
        title: '停止',
        url: '/sys/quartzJob/pause',
        method: 'get',
        confirm: '是否停止选中任务?',
        visibleWhen: "$row.status == '0'",
        dependencies: ['status'],
        permission: 'quartzJob:pause',
        idParam: 'id',
        params: {},
        rowParams: {},
      },
      expect.objectContaining({ key: 'resume', title: '启动', url: '/sys/quartzJob/resume', permission: 'quartzJob:resume', confirm: '是否启动选中任务?' }),
      { action: 'custom', key: 'execute', title: '立即执行', url: '/sys/quartzJob/execute', method: 'get', confirm: '是否立即执行任务?', dependencies: [], permission: 'quartzJob:execute', idParam: 'id', params: {}, rowParams: {} },
      { action: 'edit', permission: 'quartzJob:edit' },
      { action: 'detail', permission: 'quartzJob:list' },
      { action: 'delete', permission: 'quartzJob:delete' },
    ]);
  });

  it('take an explicit method and permission code', () => {
    const result = loadPageSchema(withRowActions([{ key: 'archive', title: '归档', endpoint: 'archive_job', method: 'put', permission: 'jobAdmin:archive' }]), SOURCE);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.page.list.rowActions[0]).toMatchObject({ url: '/sys/quartzJob/archive_job', method: 'put', permission: 'jobAdmin:archive' });
  });

  it('are refused, with the place and a Chinese reason, when they clash or read what a row does not have', () => {
    expect(
      errorsOf(
        withRowActions([
          { key: 'edit', title: '改', endpoint: 'change' },
          pause,
          { ...pause, title: '再停' },
          { key: 'odd', title: '怪', endpoint: 'odd', visibleWhen: '$row.status ==' },
          { key: 'ghost', title: '鬼', endpoint: 'ghost', visibleWhen: "$row.owner == 'me'" },
          { key: 'form', title: '表', endpoint: 'form', visibleWhen: "$values.status == '0'" },
        ]),
      ),
    ).toEqual([
      '/list/rowActions/0/key 自定义行操作的 key 不能与内置行操作 edit 同名',
      '/list/rowActions/2/key 行操作 key pause 重复（已在 /list/rowActions/1）',
      expect.stringMatching(/^\/list\/rowActions\/3\/visibleWhen 表达式第 \d+ 个字符有误/),
      '/list/rowActions/4/visibleWhen 行操作表达式引用了不存在的字段 owner',
      '/list/rowActions/5/visibleWhen 行操作的 visibleWhen 读取的是行数据，请写 $row.<字段>，不能用 $values',
    ]);
  });

  it('must name a key, a title and an endpoint; an unknown built-in is refused as before', () => {
    const [missing] = errorsOf(withRowActions([{ key: 'pause', title: '停止' }]));
    expect(missing).toMatch(/^\/list\/rowActions\/0 行操作应为 edit、detail、delete 之一，或自定义操作/);
    expect(errorsOf(withRowActions(['archive']))).toEqual([expect.stringMatching(/^\/list\/rowActions\/0 行操作应为/)]);
    expect(errorsOf(withRowActions([{ key: 'pause', title: '停止', endpoint: 'pause', permission: 'pause' }]))).toHaveLength(1);
  });
});
