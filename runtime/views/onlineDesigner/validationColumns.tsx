/** 校验字段: required, and a named pattern or a regular expression with its message. */
import { Checkbox, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { NamedPattern } from '../../generated/page';
import { PATTERN_TEXT } from '../../designer/texts';
import type { DesignerFieldRow, DesignerValidation } from '../../designer/types';
import { Cell, type RowEditing } from './cells';
import { nameColumns } from './pageColumns';

const REGEX = '(regex)';
const NONE = '(none)';

const VALIDATION_OPTIONS = [
  { value: NONE, label: '无' },
  { value: REGEX, label: '正则表达式' },
  ...(Object.keys(PATTERN_TEXT) as NamedPattern[]).map((pattern) => ({ value: pattern, label: PATTERN_TEXT[pattern] })),
];

function choiceOf(validation: DesignerValidation): string {
  return validation.kind === 'none' ? NONE : validation.kind === 'regex' ? REGEX : validation.pattern;
}

function validationOf(choice: string, previous: DesignerValidation): DesignerValidation {
  if (choice === NONE) return { kind: 'none' };
  if (choice === REGEX) return previous.kind === 'regex' ? previous : { kind: 'regex', regex: '', message: '' };
  return { kind: 'pattern', pattern: choice as NamedPattern };
}

export function validationColumns(edit: RowEditing): ColumnsType<DesignerFieldRow> {
  return [
    ...nameColumns(edit),
    {
      title: '必填',
      key: 'required',
      width: 56,
      align: 'center',
      render: (_, row) => <Checkbox aria-label="必填" checked={!row.nullable} onChange={(e) => edit.update(row.key, { nullable: !e.target.checked })} />,
    },
    {
      title: '校验',
      key: 'validation',
      width: 170,
      render: (_, row) => (
        <Cell problem={edit.problem(row.key, 'validation')}>
          <Select
            aria-label="校验"
            style={{ width: '100%' }}
            value={choiceOf(row.validation)}
            options={VALIDATION_OPTIONS}
            showSearch
            optionFilterProp="label"
            onChange={(choice: string) => edit.update(row.key, { validation: validationOf(choice, row.validation) })}
          />
        </Cell>
      ),
    },
    {
      title: '正则表达式',
      key: 'regex',
      width: 220,
      render: (_, row) =>
        row.validation.kind === 'regex' ? (
          <Input aria-label="正则表达式" value={row.validation.regex} placeholder="如 ^[A-Z0-9]{5}$" onChange={(e) => edit.update(row.key, { validation: { kind: 'regex', regex: e.target.value, message: row.validation.kind === 'regex' ? row.validation.message : '' } })} />
        ) : null,
    },
    {
      title: '提示信息',
      key: 'message',
      width: 200,
      render: (_, row) =>
        row.validation.kind === 'regex' ? (
          <Input aria-label="提示信息" value={row.validation.message} placeholder="校验不通过时的提示" onChange={(e) => edit.update(row.key, { validation: { kind: 'regex', regex: row.validation.kind === 'regex' ? row.validation.regex : '', message: e.target.value } })} />
        ) : null,
    },
  ];
}
