/**
 * A compiled page's form as a Formily JSON schema: sections (titled groups) each holding a grid of
 * `form.columns` columns, one FormItem-decorated control per field with its rules, dictionary
 * options, read-only/hidden state and linkage. Deterministic and free of side effects; what needs
 * the outside world (dictionary items, the duplicate-check request, the edited record's id) comes
 * in through the options.
 */
import type { FieldValidator } from '@formily/core';
import type { ISchema } from '@formily/react';
import type { DictItem } from '../../dict/types';
import type { CompiledField, CompiledPage } from '../../schema/compiledPage';
import { requiredMessage, type CheckRequest } from '../../validation';
import { toFormilyValidator, type FormilyRule } from '../../validation/formily';
import { checkRange, fieldChecks } from './fieldRules';
import { FILL_RULE_NOTE } from './formValues';
import { reactionsByTarget } from './linkageReactions';
import { widgetControl } from './widgetControl';

export interface FormSchemaOptions {
  /** The cached items of a dictionary code; undefined while unknown (the control then offers none). */
  dictItems: (dictCode: string) => readonly DictItem[] | undefined;
  /** The host's GET, for duplicate and code-rule checks. */
  request: CheckRequest;
  /** The record being edited; undefined when adding (every existing row then counts as a duplicate). */
  dataId?: () => string | number | undefined;
  /** Fields whose fill-rule default the form cannot produce (see defaultValues). */
  fillRuleFields?: readonly string[];
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

function fieldValidator(page: CompiledPage, field: CompiledField, options: FormSchemaOptions): FormilyRule[] {
  const { rules, ranges } = fieldChecks(field);
  // Always present, so a linkage switching `required` on updates this rule (and keeps our message)
  // instead of Formily adding its own with its locale's text.
  const required: FormilyRule = field.required
    ? { required: true, whitespace: true, message: requiredMessage(field.label) }
    : { required: false, message: requiredMessage(field.label) };
  const checks = toFormilyValidator(rules, {
    label: field.label,
    request: options.request,
    duplicate: { tableName: page.entity.table, fieldName: field.column, dataId: options.dataId },
  }) as FormilyRule[];
  const rangeChecks = ranges.map((range): FormilyRule => ({ validator: (value: unknown) => checkRange(value, range) ?? '' }));
  return [required, ...checks, ...rangeChecks];
}

function description(field: CompiledField, fillRule: boolean): string | undefined {
  const notes = [field.description, fillRule ? FILL_RULE_NOTE : undefined];
  const text = notes.filter((note): note is string => Boolean(note)).join('；');
  return text || undefined;
}

export function fieldSchema(page: CompiledPage, field: CompiledField, options: FormSchemaOptions): ISchema {
  const control = widgetControl(field);
  const schema: ISchema = {
    type: control.valueType,
    title: field.label,
    'x-decorator': 'FormItem',
    'x-component': control.component,
    'x-component-props': control.props,
    'x-validator': fieldValidator(page, field, options) as FieldValidator as ISchema['x-validator'],
  };
  const note = description(field, options.fillRuleFields?.includes(field.name) ?? false);
  if (note) schema.description = note;
  if (control.usesDict && field.dict) schema.enum = dictOptions(field, options.dictItems(field.dict.dictCode) ?? []);
  if (field.required) schema.required = true;
  if (field.readOnly) schema['x-disabled'] = true;
  // 'hidden' rather than 'none': a hidden field's value is kept and submitted.
  if (field.hidden) schema['x-display'] = 'hidden';
  return schema;
}

/** Key of a group's section node; fields keep their own names, so values stay flat. */
export const groupKey = (index: number): string => `group${index}`;

export function buildFormSchema(page: CompiledPage, options: FormSchemaOptions): ISchema {
  const reactions = reactionsByTarget(page.form.linkage);
  const properties: Record<string, ISchema> = {};
  page.form.groups.forEach((group, index) => {
    const gridFields: Record<string, ISchema> = {};
    group.fields.forEach((field, order) => {
      const schema = { ...fieldSchema(page, field, options), 'x-index': order };
      const own = reactions.get(field.name);
      if (own) schema['x-reactions'] = own.length === 1 ? own[0] : own;
      gridFields[field.name] = schema;
    });
    const grid: ISchema = {
      type: 'void',
      'x-component': 'FormGrid',
      'x-component-props': { maxColumns: page.form.columns, minColumns: 1, columnGap: 16 },
      properties: gridFields,
    };
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
