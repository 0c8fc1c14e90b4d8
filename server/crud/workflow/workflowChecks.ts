/**
 * What a workflow needs from the running system, checked at start (like fill rules and row-action
 * routes): its states are items of the state field's dictionary, its progress page is loaded and has
 * the link and entry fields, a members target has its members page. (A role it names may be absent —
 * DEMO=off seeds none but 管理员 — and then tells nobody.)
 */
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import type { SchemaError } from '../../../runtime/schema/schemaError';
import type { DictionaryCache } from '../../sys/dict/dictionaryCache';
import { pageKey } from './engine';
import { MEMBERS, membersPageOf } from './notices';

const PROGRESS_FIELDS = ['action', 'fromStatus', 'toStatus', 'content', 'progressTime'] as const;

export async function workflowProblems(dictionaries: DictionaryCache, pages: readonly CompiledPage[]): Promise<SchemaError[]> {
  const problems: SchemaError[] = [];
  for (const page of pages) {
    const workflow = page.workflow;
    if (!workflow) continue;
    const at = '/workflow';
    const report = (pointer: string, message: string) => problems.push({ source: page.source, pointer, message });
    const code = workflow.field.dict?.dictCode;
    const items = code ? await dictionaries.items(code) : undefined;
    const states = new Set(items?.map((item) => item.value) ?? []);
    if (!items) report(`${at}/field`, `状态字段 ${workflow.field.name} 的数据字典 ${code ?? ''} 不存在`);
    else {
      const initial = workflow.field.default;
      if (typeof initial === 'string' && !states.has(initial)) report(`${at}/field`, `初始状态 ${initial} 不在数据字典 ${code} 中`);
      workflow.transitions.forEach((t, i) => {
        for (const state of [...t.from, t.to]) if (!states.has(state)) report(`${at}/transitions/${i}`, `流程操作「${t.title}」的状态 ${state} 不在数据字典 ${code} 中`);
      });
    }
    if (workflow.progress) {
      const progress = pages.find((p) => pageKey(p) === workflow.progress?.page);
      if (!progress) report(`${at}/progress/page`, `进度页面 ${workflow.progress.page} 不存在`);
      else {
        for (const name of [workflow.progress.link, ...PROGRESS_FIELDS]) {
          if (!progress.fieldByName.has(name)) report(`${at}/progress`, `进度页面 ${workflow.progress.page} 没有字段 ${name}`);
        }
      }
    }
    workflow.transitions.forEach((t, i) => {
      for (const target of [...(t.responsible ? [t.responsible] : []), ...t.notify]) {
        if (target === MEMBERS && !membersPageOf(page, pages)?.fieldByName.has('userName')) {
          report(`${at}/transitions/${i}`, `流程操作「${t.title}」通知 members，但成员页面 ${page.entity.module}/${page.entity.name}Member（字段 userName）不存在`);
        }
      }
    });
  }
  return problems;
}
