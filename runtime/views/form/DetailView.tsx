/** The read-only body of 详细信息: the detail fields as label/text pairs through the detail-list layout, in the page's detail columns. */
import type { DictService } from '../../dict/dictService';
import type { CompiledPage } from '../../schema/compiledPage';
import { DetailList } from '../layout/DetailList';
import { detailText } from './detailText';

export function DetailView({ page, record, dict }: { page: CompiledPage; record: Record<string, unknown>; dict: DictService }) {
  return (
    <DetailList
      columns={page.detail.columns}
      items={page.detail.fields.map((field) => ({ key: field.name, label: field.label, value: detailText(field, record, dict) }))}
    />
  );
}
