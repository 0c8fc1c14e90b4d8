import { describe, expect, it } from 'vitest';
import quartzJobDocument from '../../../../schemas/pages/sys/quartzJob.json';
import templateDocument from '../../../../schemas/pages/sys/sysMessageTemplate.json';
import announcementDocument from '../../../../schemas/pages/sys/annountCement.json';
import type { PageDocument } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { answerRows, rowActionFormPage } from '../../../../runtime/views/rowAction/rowActionPage';
import { defaultValues, formToRecord } from '../../../../runtime/views/form/formValues';

const SOURCE = 'schemas/pages/sys/quartzJob.json';

function withRowActions(rowActions: unknown[], entity: Record<string, unknown> = {}): unknown {
  const doc = structuredClone(quartzJobDocument) as unknown as PageDocument;
  return { ...doc, entity: { ...doc.entity, ...entity }, list: { ...doc.list, rowActions } };
}

function errorsOf(doc: unknown) {
  const result = loadPageSchema(doc, SOURCE);
  return result.ok ? [] : result.errors.map((e) => `${e.pointer} ${e.message}`);
}

const field = { name: 'receiver', label: '接收人', type: 'string', required: true };

describe('row actions that open a form or show a table', () => {
  it('a form action posts by default to the endpoint under entity.apiPath, its fields compiled like entity fields', () => {
    const result = loadPageSchema(templateDocument, 'schemas/pages/sys/sysMessageTemplate.json');
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.page.entity.apiPath).toBe('/sys/message/sysMessageTemplate');
    const send = result.page.list.rowActions[0];
    expect(send).toMatchObject({ action: 'custom', key: 'sendMsg', url: '/sys/message/sysMessageTemplate/sendMsg', method: 'post', permission: 'messageTemplate:sendMsg' });
    if (send.action !== 'custom' || !send.form) throw new Error('no form');
    expect(send.form).toMatchObject({ title: '发送测试', width: 600, columns: 1 });
    expect(send.form.fields.map((f) => [f.name, f.widget, f.required, f.pointer])).toEqual([
      ['receiver', 'input', true, '/list/rowActions/0/form/fields/0'],
      ['testData', 'textarea', false, '/list/rowActions/0/form/fields/1'],
    ]);
    // The form's values go with the row id; they are not the entity's fields.
    const page = rowActionFormPage(result.page, send.form);
    expect(page.form.fields.map((f) => f.name)).toEqual(['receiver', 'testData']);
    expect(defaultValues(page).values).toEqual({});
    expect(formToRecord(page, { receiver: 'lisi', testData: '{}' }, 'tpl1')).toEqual({ id: 'tpl1', receiver: 'lisi', testData: '{}' });
  });

  it('a table action reads with get and keeps its columns', () => {
    const result = loadPageSchema(announcementDocument, 'schemas/pages/sys/annountCement.json');
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const readers = result.page.list.rowActions.find((a) => a.action === 'custom' && a.key === 'readers');
    expect(readers).toMatchObject({ url: '/sys/annountCement/readers', method: 'get', permission: 'announcement:list', table: { title: '阅读情况', width: 720 } });
    expect(answerRows([{ a: 1 }, null, 'x'])).toEqual([{ a: 1 }]);
    expect(answerRows({ records: [{ b: 2 }], total: 1 })).toEqual([{ b: 2 }]);
    expect(answerRows('nonsense')).toEqual([]);
  });

  it('are refused, with the place and a Chinese reason, when they mix up form, table and method', () => {
    expect(errorsOf(withRowActions([{ key: 'a', title: 'A', endpoint: 'a', method: 'get', form: { fields: [field] } }]))).toEqual([
      '/list/rowActions/0/method 带表单（form）的行操作用 post 或 put 提交表单的值，不能用 get',
    ]);
    expect(errorsOf(withRowActions([{ key: 'a', title: 'A', endpoint: 'a', method: 'post', table: { columns: [{ key: 'x', title: 'X' }] } }]))).toEqual([
      '/list/rowActions/0/method 显示表格（table）的行操作只读取数据，method 应为 get',
    ]);
    expect(errorsOf(withRowActions([{ key: 'a', title: 'A', endpoint: 'a', form: { fields: [field] }, table: { columns: [{ key: 'x', title: 'X' }] } }]))).toContain(
      '/list/rowActions/0 行操作不能同时声明 form 和 table，请二选一',
    );
    expect(errorsOf(withRowActions([{ key: 'a', title: 'A', endpoint: 'a', form: { fields: [field, field, { name: 'id', label: '主键', type: 'string' }] } }]))).toEqual([
      '/list/rowActions/0/form/fields/1/name 字段名 receiver 重复（已在 /list/rowActions/0/form/fields/0 声明）',
      '/list/rowActions/0/form/fields/2/name 行操作表单的字段不能叫 id：id 是所在行的主键',
    ]);
    expect(errorsOf(withRowActions([{ key: 'a', title: 'A', endpoint: 'a', form: { fields: [{ name: 'when', label: '时间', type: 'date', widget: 'input' }] } }]))).toEqual([
      expect.stringMatching(/^\/list\/rowActions\/0\/form\/fields\/0\/widget 控件 input 不能编辑 date 类型的字段/),
    ]);
  });

  it('entity.apiPath must be a path of two to four segments', () => {
    expect(errorsOf(withRowActions(['edit'], { apiPath: '/sys/message/quartz' }))).toEqual([]);
    expect(errorsOf(withRowActions(['edit'], { apiPath: 'sys/quartz' })).join('\n')).toContain('/entity/apiPath');
  });
});
