import { describe, expect, it } from 'vitest';
import receiveDocument from '../../../../schemas/pages/receive/receive.json';
import complaintDocument from '../../../../schemas/pages/receive/complaint.json';
import type { PageDocument, PageWorkflow } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import type { CompiledPage } from '../../../../runtime/schema/compiledPageTypes';
import { visibleRowActions, rowActionTitle } from '../../../../runtime/views/list/rowActions';
import { batchTransitionActions, selectionRow } from '../../../../runtime/views/list/workflowActions';

const SOURCE = 'schemas/pages/receive/receive.json';

function load(doc: unknown, source = SOURCE): CompiledPage {
  const result = loadPageSchema(doc, source);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

function withWorkflow(change: (workflow: PageWorkflow) => PageWorkflow): unknown {
  const doc = structuredClone(receiveDocument) as unknown as PageDocument;
  return { ...doc, workflow: change(doc.workflow as PageWorkflow) };
}

function errorsOf(doc: unknown): string[] {
  const result = loadPageSchema(doc, SOURCE);
  return result.ok ? [] : result.errors.map((e) => `${e.pointer} ${e.message}`);
}

describe('workflow in the page language', () => {
  const page = load(receiveDocument);

  it('compiles transitions with their defaults: permission <prefix>:<key>, required fields resolved, system ones without a code', () => {
    const workflow = page.workflow;
    expect(workflow?.field.name).toBe('receiveStatus');
    expect(workflow?.url).toBe('/receive/receive/transition');
    expect(workflow?.progress).toEqual({ page: 'receive/receiveProgress', link: 'receiveId' });
    const accept = workflow?.transitions.find((t) => t.key === 'accept');
    expect(accept).toMatchObject({ title: '受理', from: ['new'], to: 'handle', permission: 'receive:accept', batch: false, reason: false, system: false });
    expect(accept?.require.map((f) => f.name)).toEqual(['handler', 'departId']);
    expect(workflow?.transitions.find((t) => t.key === 'invoiced')).toMatchObject({ system: true, permission: '' });
    expect(workflow?.transitions.find((t) => t.key === 'invoiced')?.rowAction).toBeUndefined();
  });

  it('shows 案件状态 read-only in the form while the server model still holds it', () => {
    expect(page.form.fields.find((f) => f.name === 'receiveStatus')?.readOnly).toBe(true);
    expect(page.fields.find((f) => f.name === 'receiveStatus')?.readOnly).toBe(false);
  });

  it('turns each user transition into a row link on the rows in its from-states, with a confirm or its reason dialog', () => {
    const links = page.list.rowActions.filter((a) => a.action === 'custom');
    expect(links.map(rowActionTitle)).toEqual(['受理', '提交结案审批', '通过', '退回', '申请开票', '归档']);
    const submit = links.find((a) => a.action === 'custom' && a.transition === 'submit');
    expect(submit).toMatchObject({ url: '/receive/receive/transition', method: 'post', params: { transition: 'submit' }, permission: 'receive:submit', confirm: '确定要执行「提交结案审批」吗？' });
    const reject = links.find((a) => a.action === 'custom' && a.transition === 'reject');
    expect(reject?.action === 'custom' && reject.form?.fields.map((f) => [f.name, f.label, f.required])).toEqual([['reason', '原因', true]]);
    const titles = (state: string) => visibleRowActions(page.list.rowActions, { id: '1', receiveStatus: state }).map(rowActionTitle);
    expect(titles('approve')).toEqual(['编辑', '详情', '删除', '通过', '退回']);
    expect(titles('handle')).toEqual(['编辑', '详情', '删除', '提交结案审批']);
    expect(titles('receipted')).toEqual(['编辑', '详情', '删除', '归档']);
    expect(titles('old')).toEqual(['编辑', '详情', '删除']);
  });

  it('asks 投诉\'s 处理 for the record\'s own 处理意见, required', () => {
    const complaint = load(complaintDocument, 'schemas/pages/receive/complaint.json');
    const handle = complaint.workflow?.transitions.find((t) => t.key === 'handle');
    expect(handle?.rowAction?.form?.fields.map((f) => [f.name, f.required])).toEqual([['handleNote', true]]);
    expect(complaint.workflow?.transitions.find((t) => t.key === 'close')?.form?.dateField?.name).toBe('closeDate');
  });

  it('offers batch transitions as toolbar calls on the selection, only to holders of their code', () => {
    expect(batchTransitionActions(page, () => true).map((a) => [a.title, a.idParam, a.params.transition])).toEqual([
      ['通过', 'ids', 'approve'],
      ['退回', 'ids', 'reject'],
    ]);
    expect(batchTransitionActions(page, (code) => code === 'receive:approve').map((a) => a.title)).toEqual(['通过']);
    expect(batchTransitionActions(page, () => false)).toEqual([]);
    expect(selectionRow(['a', 'b'])).toEqual({ id: 'a,b' });
    expect(selectionRow([])).toBeUndefined();
  });

  it('refuses, with the place and a Chinese reason, a workflow naming what the page lacks', () => {
    expect(
      errorsOf(
        withWorkflow((w) => ({
          ...w,
          field: 'receiveName',
          transitions: [
            { key: 'accept', title: '受理', from: ['new'], to: 'handle', require: ['nobody'], guard: '$row.missing > 0', notify: ['ghost', 'members', 'role:manager'] },
            { key: 'accept', title: '再受理', from: ['new'], to: 'new' },
            { key: 'edit', title: '编辑', from: ['new'], to: 'handle' },
            { key: 'bad', title: '坏', from: ['new'], to: 'handle', guard: '$row.feeAmount >', form: { fields: ['receiveName'] } },
            { key: 'sys', title: '系统', from: ['new'], to: 'handle', system: true, batch: true },
          ],
        })),
      ),
    ).toEqual([
      '/workflow/field 流程状态字段 receiveName 须为带数据字典（dictCode）的 string 字段',
      '/workflow/field 流程状态字段 receiveName 须声明默认值（新记录的初始状态）',
      '/workflow/transitions/0/require/0 流程必填字段引用了不存在的字段 nobody',
      '/workflow/transitions/0/guard 流程条件引用了不存在的字段 missing',
      '/workflow/transitions/0/notify/0 流程通知引用了不存在的字段 ghost',
      '/workflow/transitions/1/key 流程操作 key accept 重复（已在 /workflow/transitions/0）',
      '/workflow/transitions/1/to 流程操作「再受理」的目标状态 new 不能同时是起始状态',
      '/workflow/transitions/2/key 流程操作 key edit 与行操作同名',
      '/workflow/transitions/3/form/fields/0 流程表单不能包含状态字段：状态只由流程操作改变',
      '/workflow/transitions/3/guard 表达式第 17 个字符有误：表达式意外结束',
      '/workflow/transitions/4/batch 系统流程操作（system）由服务器执行，不能有 batch',
    ]);
  });
});
