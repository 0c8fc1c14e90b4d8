/**
 * A compiled page's form as a Formily JSON schema: sections (titled groups) each holding a grid of
 * `form.columns` columns, one FormItem-decorated control per field with its rules, dictionary
 * options, read-only/hidden state and linkage. Deterministic and free of side effects; what needs
 * the outside world (dictionary items, the duplicate-check request, the edited record's id) comes
 * in through the options.
 */
import type { FieldValidator } from '@formily/core';
import type { ISchema } from '@formily/react';
import { cronFieldError } from '../../cron';
import type { DictItem } from '../../dict/types';
import type { CompiledField, CompiledPage } from '../../schema/compiledPageTypes';
import { isChosenWidget } from '../../schema/fieldSemantics';
import { fieldRules, requiredMessage, type CheckRequest } from '../../validation';
import { toFormilyValidator, type FormilyRule } from '../../validation/formily';
import { FILL_RULE_PLACEHOLDER } from './formValues';
import { SLIDER_REQUIRED_MESSAGE } from '../../widgets/sliderCheck/sliderCheck';
import { computeReaction, reactionsByTarget } from './linkageReactions';
import { widgetControl } from './widgetControl';

export interface FormSchemaOptions {
  /** The cached items of a dictionary code; undefined while unknown (the control then offers none). */
  dictItems: (dictCode: string) => readonly DictItem[] | undefined;
  /** The host's GET, for duplicate and code-rule checks. */
  request: CheckRequest;
  /** The record being edited; undefined when adding (every existing row then counts as a duplicate). */
  dataId?: () => string | number | undefined;
  /**
   * Fields the server numbers by their fill rule when a new record leaves them empty (see
   * defaultValues): shown with FILL_RULE_PLACEHOLDER and not required. Empty when editing.
   */
  fillRuleFields?: readonly string[];
  /**
   * false: the form edits a stored record, so fields given only when adding (a password, and its
   * confirmation) are left out. Default true.
   */
  adding?: boolean;
}

/** 确认密码 and the like: the message when a confirmation differs from the field it repeats. */
export const SAME_AS_MESSAGE = '两次输入的密码不一样！';

/** A field the form shows only when adding: addOnly, or the confirmation of an addOnly field. */
export function isAddOnlyField(page: CompiledPage, field: CompiledField): boolean {
  if (field.addOnly) return true;
  return field.sameAs !== undefined && page.fieldByName.get(field.sameAs)?.addOnly === true;
}

export interface FormilyOption {
  label: string;
  value: string | number;
}

/** Dictionary items as options; numeric fields hold numbers, so their values are numbers too. */
export function dictOptions(field: CompiledField, items: readonly DictItem[]): FormilyOption[] {
  const numeric = widgetControl(field).valueType === 'number';
  return items.map((item) => {
    const n = Number(item.value);
    return { label: item.text, value: numeric && item.value.trim() !== '' && !Number.isNaN(n) ? n : item.value };
  });
}

function fieldValidator(page: CompiledPage, field: CompiledField, options: FormSchemaOptions, numbered: boolean): FormilyRule[] {
  const rules = fieldRules(field);
  // Always present, so a linkage switching `required` on updates this rule (and keeps our message)
  // instead of Formily adding its own with its locale's text. A field the server numbers is
  // satisfied by the server when left empty.
  const chosen = isChosenWidget(field.widget);
  const message = field.widget === 'sliderCheck' ? SLIDER_REQUIRED_MESSAGE : requiredMessage(field.label, chosen);
  const required: FormilyRule = field.required && !numbered
    ? { required: true, whitespace: true, message }
    : { required: false, message };
  const checks = toFormilyValidator(rules, {
    label: field.label,
    chosen,
    request: options.request,
    duplicate: { tableName: page.entity.table, fieldName: field.column, dataId: options.dataId },
  }) as FormilyRule[];
  // A cron field refuses what Quartz refuses, before the server does (same evaluator, same message).
  const cronChecks: FormilyRule[] =
    field.widget === 'cron' ? [{ validator: (value: unknown) => cronFieldError(value === null || value === undefined ? '' : String(value)) ?? '' }] : [];
  const target = field.sameAs;
  const sameAs: FormilyRule[] = target
    ? [
        {
          validator: (value: unknown, _rule: unknown, ctx: { form?: { values?: Record<string, unknown> } } | undefined) =>
            (value ?? '') === (ctx?.form?.values?.[target] ?? '') ? '' : SAME_AS_MESSAGE,
        } as FormilyRule,
      ]
    : [];
  return [required, ...checks, ...cronChecks, ...sameAs];
}

export function fieldSchema(page: CompiledPage, field: CompiledField, options: FormSchemaOptions): ISchema {
  const control = widgetControl(field);
  const numbered = options.fillRuleFields?.includes(field.name) ?? false;
  const schema: ISchema = {
    type: control.valueType,
    title: field.label,
    'x-decorator': 'FormItem',
    'x-component': control.component,
    'x-component-props': numbered ? { ...control.props, placeholder: FILL_RULE_PLACEHOLDER } : control.props,
    'x-validator': fieldValidator(page, field, options, numbered) as FieldValidator as ISchema['x-validator'],
  };
  if (field.description) schema.description = field.description;
  if (control.usesDict && field.dict) schema.enum = dictOptions(field, options.dictItems(field.dict.dictCode) ?? []);
  if (field.required && !numbered) schema.required = true;
  if (field.readOnly) schema['x-disabled'] = true;
  // 'hidden' rather than 'none': a hidden field's value is kept and submitted.
  if (field.hidden) schema['x-display'] = 'hidden';
  return schema;
}

/** Key of a group's section node; fields keep their own names, so values stay flat. */
export const groupKey = (index: number): string => `group${index}`;

/** The schema of a few fields in one column (a row action's small form). */
export function buildFieldsSchema(page: CompiledPage, fields: readonly CompiledField[], options: FormSchemaOptions): ISchema {
  const properties = Object.fromEntries(fields.map((field, order) => [field.name, { ...fieldSchema(page, field, options), 'x-index': order }]));
  return { type: 'object', properties: { grid: { type: 'void', 'x-component': 'FormGrid', 'x-component-props': { maxColumns: 1, minColumns: 1 }, properties } } };
}

export function buildFormSchema(page: CompiledPage, options: FormSchemaOptions): ISchema {
  const reactions = reactionsByTarget(page.form.linkage);
  const properties: Record<string, ISchema> = {};
  page.form.groups.forEach((group, index) => {
    const gridFields: Record<string, ISchema> = {};
    const shown = options.adding === false ? group.fields.filter((field) => !isAddOnlyField(page, field)) : group.fields;
    shown.forEach((field, order) => {
      const schema = { ...fieldSchema(page, field, options), 'x-index': order };
      const own = [...(reactions.get(field.name) ?? []), ...(field.compute ? [computeReaction(field.compute)] : [])];
      if (own.length > 0) schema['x-reactions'] = own.length === 1 ? own[0] : own;
      gridFields[field.name] = schema;
    });
    const grid: ISchema = {
      type: 'void',
      'x-component': 'FormGrid',
      'x-component-props': { maxColumns: page.form.columns, minColumns: 1, columnGap: 16 },
      properties: gridFields,
    };
    if (page.form.steps) {
      // A step form: one pane per step, shown one at a time; the steps bar carries the titles.
      properties[groupKey(index)] = { type: 'void', 'x-index': index, 'x-component': 'FormStepPane', 'x-component-props': { index }, properties: { grid } };
      return;
    }
    properties[groupKey(index)] = group.title
      ? {
          type: 'void',
          'x-index': index,
          'x-component': 'FormSection',
          'x-component-props': { title: group.title },
          properties: { grid },
        }
      : { ...grid, 'x-index': index };
  });
  return { type: 'object', properties };
}
