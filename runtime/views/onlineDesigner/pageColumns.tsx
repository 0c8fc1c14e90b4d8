/** 页面属性: list column, sort, query mode, form, control, dictionary, read-only per field. */
import { Checkbox, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { FieldWidget, QueryMode } from '../../generated/page';
import { WIDGETS_BY_TYPE } from '../../schema/fieldSemantics';
import { OFFERED_QUERY_MODES, QUERY_MODE_TEXT, WIDGET_TEXT } from '../../designer/texts';
import type { DesignerFieldRow } from '../../designer/types';
import { Cell, type RowEditing } from './cells';

function queryOptions(row: DesignerFieldRow): { value: QueryMode | ''; label: string }[] {
  const modes: QueryMode[] = row.queryMode !== '' && !OFFERED_QUERY_MODES.includes(row.queryMode) ? [...OFFERED_QUERY_MODES, row.queryMode] : [...OFFERED_QUERY_MODES];
  return [{ value: '', label: '不查询' }, ...modes.map((mode) => ({ value: mode, label: QUERY_MODE_TEXT[mode] }))];
}

function widgetOptions(row: DesignerFieldRow): { value: FieldWidget | ''; label: string }[] {
  const widgets = WIDGETS_BY_TYPE[row.type];
  const offered = row.widget !== '' && !widgets.includes(row.widget) ? [...widgets, row.widget] : widgets;
  return [{ value: '', label: '自动' }, ...offered.map((widget) => ({ value: widget, label: WIDGET_TEXT[widget] }))];
}

/** The field's name and label, read-only here (they are edited in 数据库属性). */
export function nameColumns(edit: RowEditing): ColumnsType<DesignerFieldRow> {
  return [
    {
      title: '字段名称',
      key: 'column',
      width: 150,
      render: (_, row) => (
        <Cell problem={edit.rowProblem(row.key)}>
          <Typography.Text code>{row.column || '（未命名）'}</Typography.Text>
        </Cell>
      ),
    },
    { title: '字段备注', key: 'label', width: 130, render: (_, row) => row.label },
  ];
}

export function pageColumns(edit: RowEditing): ColumnsType<DesignerFieldRow> {
  return [
    ...nameColumns(edit),
    {
      title: '列表显示',
      key: 'listShow',
      width: 76,
      align: 'center',
      render: (_, row) => <Checkbox aria-label="列表显示" checked={row.listShow} onChange={(e) => edit.update(row.key, { listShow: e.target.checked })} />,
    },
    {
      title: '排序',
      key: 'sortable',
      width: 56,
      align: 'center',
      render: (_, row) => <Checkbox aria-label="排序" checked={row.sortable} disabled={!row.listShow} onChange={(e) => edit.update(row.key, { sortable: e.target.checked })} />,
    },
    {
      title: '查询方式',
      key: 'queryMode',
      width: 110,
      render: (_, row) => <Select aria-label="查询方式" style={{ width: '100%' }} value={row.queryMode} options={queryOptions(row)} onChange={(queryMode: QueryMode | '') => edit.update(row.key, { queryMode })} />,
    },
    {
      title: '表单显示',
      key: 'formShow',
      width: 76,
      align: 'center',
      render: (_, row) => <Checkbox aria-label="表单显示" checked={row.formShow} onChange={(e) => edit.update(row.key, { formShow: e.target.checked })} />,
    },
    {
      title: '控件',
      key: 'widget',
      width: 130,
      render: (_, row) => (
        <Cell problem={edit.problem(row.key, 'widget')}>
          <Select aria-label="控件" style={{ width: '100%' }} value={row.widget} options={widgetOptions(row)} showSearch optionFilterProp="label" onChange={(widget: FieldWidget | '') => edit.update(row.key, { widget })} />
        </Cell>
      ),
    },
    {
      title: '字典',
      key: 'dictCode',
      width: 190,
      render: (_, row) => (
        <Cell problem={edit.problem(row.key, 'dictCode')}>
          <Input
            aria-label="字典"
            value={row.dictCode}
            placeholder="字典编码 或 表名,文本,编码"
            status={edit.problem(row.key, 'dictCode') ? 'error' : undefined}
            onChange={(e) => edit.update(row.key, { dictCode: e.target.value.trim() })}
          />
        </Cell>
      ),
    },
    {
      title: '只读',
      key: 'readOnly',
      width: 56,
      align: 'center',
      render: (_, row) => <Checkbox aria-label="只读" checked={row.readOnly} onChange={(e) => edit.update(row.key, { readOnly: e.target.checked })} />,
    },
  ];
}
