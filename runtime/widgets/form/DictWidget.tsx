/**
 * select, searchSelect, multiSelect, radio and checkbox over the field's dictionary, read through
 * the page's dictionary service (the app's one, else the host's) (cached; one request per missing code). Multi-values are stored
 * comma-joined.
 */
import { Checkbox, Radio, Select, Typography } from 'antd';
import { DICT_MESSAGES } from '../../dict/types';
import { useDictionaries } from '../../dict/useDictionaries';
import type { FormWidgetProps } from '../registry';
import { useDictService } from '../../dict/dictContext';
import { MULTI_SEPARATOR, splitMulti } from '../../schema/storedValues';

export default function DictWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  const service = useDictService(host);
  const code = field.dict?.dictCode ?? '';
  const { ready } = useDictionaries(service, code ? [code] : []);
  const options = (service.cachedItems(code) ?? []).map((item) => ({ label: item.text, value: item.value }));
  if (!code) return <Typography.Text type="danger">{DICT_MESSAGES.codeRequired}</Typography.Text>;
  const single = value === null || value === undefined || value === '' ? undefined : String(value);

  switch (field.widget) {
    case 'checkbox':
      return (
        <Checkbox.Group options={options} disabled={disabled} value={splitMulti(value)} onChange={(next) => onChange(next.map(String).join(MULTI_SEPARATOR))} />
      );
    case 'radio':
      return <Radio.Group options={options} disabled={disabled} value={single} onChange={(e) => onChange(e.target.value)} />;
    case 'multiSelect':
      return (
        <Select
          mode="multiple"
          allowClear
          loading={!ready}
          options={options}
          disabled={disabled}
          placeholder={field.placeholder}
          value={splitMulti(value)}
          onChange={(next: string[]) => onChange(next.join(MULTI_SEPARATOR))}
        />
      );
    default:
      return (
        <Select
          allowClear
          showSearch={field.widget === 'searchSelect'}
          optionFilterProp="label"
          loading={!ready}
          options={options}
          disabled={disabled}
          placeholder={field.placeholder}
          value={single}
          onChange={(next: string | undefined) => onChange(next ?? null)}
        />
      );
  }
}
