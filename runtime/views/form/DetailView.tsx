/** The read-only body of 详细信息: the detail fields as label/text pairs in the detail's columns. */
import { Descriptions } from 'antd';
import type { DictService } from '../../dict/dictService';
import type { CompiledPage } from '../../schema/compiledPage';
import { detailText } from './detailText';

export function DetailView({ page, record, dict }: { page: CompiledPage; record: Record<string, unknown>; dict: DictService }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={page.detail.columns}
      items={page.detail.fields.map((field) => ({
        key: field.name,
        label: field.label,
        children: detailText(field, record, dict),
      }))}
    />
  );
}
