/**
 * The read-only body of 详细信息: the detail fields as label/text pairs through the detail-list layout,
 * in the page's detail columns. Fields that store keys (area codes, usernames, department ids, picked
 * record ids) show names through the same renderers as the list cells, so a detail and its list agree
 * and resolve together; rich text, Markdown and code are shown formatted, not as raw text.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { DictService } from '../../dict/dictService';
import type { Host } from '../../host/types';
import type { CompiledField, CompiledListColumn, CompiledPage } from '../../schema/compiledPageTypes';
import { hasEditorDetail } from '../../widgets/editors/editorFields';
import { getCellRenderer } from '../../widgets/registry';
import { DetailList } from '../layout/DetailList';
import { detailText } from './detailText';

// The sanitiser and the Markdown parser load only for a page that shows such a field.
const EditorDetail = lazy(() => import('../../widgets/editors/EditorDetail'));

/** Widgets whose stored value is a key (or a stored file path) the detail shows by name. */
const NAMED_WIDGETS = new Set(['area', 'user', 'depart', 'picker', 'upload', 'image']);

function detailColumn(field: CompiledField): CompiledListColumn {
  return { field, dataIndex: field.name, title: field.label, ellipsis: 0, align: 'left', sortable: false };
}

export function detailValue(field: CompiledField, record: Record<string, unknown>, dict: DictService, host: Host): ReactNode {
  const value = record[field.name];
  if (hasEditorDetail(field)) {
    return (
      <Suspense fallback={null}>
        <EditorDetail field={field} value={value} host={host} />
      </Suspense>
    );
  }
  const renderer = NAMED_WIDGETS.has(field.widget) ? getCellRenderer(field.widget) : undefined;
  if (!renderer || value === null || value === undefined || value === '') return detailText(field, record, dict);
  return renderer(value, { column: detailColumn(field), record, index: 0, host, dict });
}

export interface DetailViewProps {
  page: CompiledPage;
  record: Record<string, unknown>;
  dict: DictService;
  host: Host;
  /** The fields shown (a record page's tab); default the page's detail fields. */
  fields?: readonly CompiledField[];
  columns?: number;
}

export function DetailView({ page, record, dict, host, fields, columns }: DetailViewProps) {
  return (
    <DetailList
      columns={columns ?? page.detail.columns}
      items={(fields ?? page.detail.fields).map((field) => ({ key: field.name, label: field.label, value: detailValue(field, record, dict, host) }))}
    />
  );
}
