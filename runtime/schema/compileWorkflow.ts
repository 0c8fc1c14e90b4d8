/**
 * The `workflow` section compiled: defaults applied, fields resolved, and each transition a user runs
 * turned into the row link that calls `{apiPath}/transition` — so the list offers transitions with the
 * machinery of custom row actions (confirm, form dialog, message, reload) and nobody lists them by hand.
 */
import type { PageDocument, PageField, PageWorkflowTransition } from '../generated/page';
import type { CompiledCustomRowAction, CompiledField, CompiledTransition, CompiledWorkflow } from './compiledPageTypes';
import { pointer } from './schemaError';

/** The 原因 asked for by a transition with `reason: true`; sent as `reason`. */
export const REASON_FIELD: PageField = { name: 'reason', label: '原因', type: 'text', widget: 'textarea', required: true, rules: [{ maxLength: 500 }] };
export const TRANSITION_ENDPOINT = 'transition';

/** The expression showing a link on rows in one of the transition's from-states. */
export function fromStateExpression(field: string, from: readonly string[]): string {
  return from.map((state) => `$row.${field} == '${state.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(' || ');
}

export function guardMessageOf(spec: Pick<PageWorkflowTransition, 'title' | 'guardMessage'>): string {
  return spec.guardMessage ?? `不满足「${spec.title}」的条件`;
}

function rowActionOf(
  spec: PageWorkflowTransition,
  index: number,
  url: string,
  stateField: string,
  permission: string,
  formFields: readonly CompiledField[],
  compileField: (field: PageField, index: number) => CompiledField,
): CompiledCustomRowAction {
  const fields = [
    ...formFields,
    ...(spec.reason ? [{ ...compileField(REASON_FIELD, 0), pointer: pointer('workflow', 'transitions', index, 'reason') }] : []),
  ];
  return {
    action: 'custom',
    key: spec.key,
    title: spec.title,
    transition: spec.key,
    url,
    method: 'post',
    visibleWhen: fromStateExpression(stateField, spec.from),
    dependencies: [stateField],
    permission,
    ...(fields.length === 0 ? { confirm: `确定要执行「${spec.title}」吗？` } : { form: { title: spec.title, width: 600, columns: 1, fields } }),
    idParam: 'id',
    params: { transition: spec.key },
    rowParams: {},
  };
}

/** Assumes checkCrossReferences found nothing: every field named exists. */
export function compileWorkflow(
  doc: PageDocument,
  apiPath: string,
  field: (name: string) => CompiledField,
  compileField: (field: PageField, index: number) => CompiledField,
): CompiledWorkflow | undefined {
  const workflow = doc.workflow;
  if (!workflow) return undefined;
  const prefix = doc.entity.permissionPrefix;
  const url = `${apiPath}/${TRANSITION_ENDPOINT}`;
  const transitions = workflow.transitions.map((spec, index): CompiledTransition => {
    const system = spec.system ?? false;
    const permission = system ? '' : (spec.permission ?? `${prefix}:${spec.key}`);
    const required = spec.form?.required ?? true;
    const formFields = (spec.form?.fields ?? []).map((name) => ({ ...field(name), required, readOnly: false, hidden: false }));
    return {
      key: spec.key,
      title: spec.title,
      from: spec.from,
      to: spec.to,
      permission,
      require: (spec.require ?? []).map(field),
      ...(spec.guard === undefined ? {} : { guard: spec.guard }),
      guardMessage: guardMessageOf(spec),
      reason: spec.reason ?? false,
      ...(spec.form
        ? { form: { fields: formFields, required, ...(spec.form.dateField ? { dateField: field(spec.form.dateField) } : {}) } }
        : {}),
      batch: spec.batch ?? false,
      ...(spec.responsible === undefined ? {} : { responsible: spec.responsible }),
      notify: spec.notify ?? [],
      system,
      ...(system ? {} : { rowAction: rowActionOf(spec, index, url, workflow.field, permission, formFields, compileField) }),
    };
  });
  return {
    field: { ...field(workflow.field), readOnly: true },
    ...(workflow.progress ? { progress: { page: workflow.progress.page, link: workflow.progress.link } } : {}),
    transitions,
    url,
  };
}
