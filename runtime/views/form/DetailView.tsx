/**
 * The read-only body of 详细信息: the detail fields as label/text pairs in the detail's columns.
 * Fields that store keys (area codes, usernames, department ids, picked record ids) show names
 * through the same renderers as the list cells, so a detail and its list agree and resolve together.
 */
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import type { DictService } from '../../dict/dictService';
import type { Host } from '../../host/types';
import type { CompiledField, CompiledListColumn, CompiledPage } from '../../schema/compiledPage';
import { getCellRenderer } from '../../widgets/registry';
import '../../widgets/picker/cells';
import '../../widgets/labels/cells';
import { detailText } from './detailText';

/** Widgets whose stored value is a key the detail shows by name. */
const NAMED_WIDGETS = new Set(['area', 'user', 'depart', 'picker']);

function detailColumn(field: CompiledField): CompiledListColumn {
  return { field, dataIndex: field.name, title: field.label, ellipsis: 0, align: 'left', sortable: false };
}

function detailValue(field: CompiledField, record: Record<string, unknown>, dict: DictService, host: Host): ReactNode {
  const renderer = NAMED_WIDGETS.has(field.widget) ? getCellRenderer(field.widget) : undefined;
  const value = record[field.name];
  if (!renderer || value === null || value === undefined || value === '') return detailText(field, record, dict);
  return renderer(value, { column: detailColumn(field), record, index: 0, host, dict });
}

export function DetailView({ page, record, dict, host }: { page: CompiledPage; record: Record<string, unknown>; dict: DictService; host: Host }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={page.detail.columns}
      items={page.detail.fields.map((field) => ({
        key: field.name,
        label: field.label,
        children: detailValue(field, record, dict, host),
      }))}
    />
  );
}
