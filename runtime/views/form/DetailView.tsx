/** The read-only body of 详细信息: the detail fields as label/text pairs through the detail-list layout, in the page's detail columns. */
import { lazy, Suspense } from 'react';
import type { DictService } from '../../dict/dictService';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPage';
import { hasEditorDetail } from '../../widgets/editors/editorFields';
import { DetailList } from '../layout/DetailList';
import { detailText } from './detailText';

// The sanitiser and the Markdown parser load only for a page that shows such a field.
const EditorDetail = lazy(() => import('../../widgets/editors/EditorDetail'));

export function DetailView({ page, record, dict, host }: { page: CompiledPage; record: Record<string, unknown>; dict: DictService; host?: Host }) {
  return (
    <DetailList
      columns={page.detail.columns}
      items={page.detail.fields.map((field) => ({
        key: field.name,
        label: field.label,
        // Rich text, Markdown and code are shown formatted (sanitised HTML, highlighted text), not as raw text.
        value:
          host && hasEditorDetail(field) ? (
            <Suspense fallback={null}>
              <EditorDetail field={field} value={record[field.name]} host={host} />
            </Suspense>
          ) : (
            detailText(field, record, dict)
          ),
      }))}
    />
  );
}
