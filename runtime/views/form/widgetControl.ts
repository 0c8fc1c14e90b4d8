/**
 * Which Formily (antd-v5) control edits a field, with its props. The pickers and editors antd-v5
 * lacks go through the widget registry, whose fallback types them in as text and says so on the
 * form, rather than pretending to be the real picker or silently missing.
 */
import type { CompiledField } from '../../schema/compiledPageTypes';
import { DATE_FORMAT, DATETIME_FORMAT, precisionOf, TIME_FORMAT } from '../../schema/storedValues';

/** Name of the Formily bridge to runtime/widgets/registry in the SchemaField components map. */
export const REGISTRY_COMPONENT = 'RegistryWidget';

/** Formily's value type per control: what the field holds while the form is open. */
export type SchemaValueType = 'string' | 'number' | 'boolean' | 'array';

export interface WidgetControl {
  /** Name in the SchemaField components map. */
  component: string;
  props: Record<string, unknown>;
  valueType: SchemaValueType;
  /** The control chooses among dictionary items. */
  usesDict: boolean;
}

const FULL_WIDTH = { style: { width: '100%' } };

function numericValue(field: CompiledField): SchemaValueType {
  return field.type === 'integer' || field.type === 'number' || field.type === 'money' ? 'number' : 'string';
}

export function widgetControl(field: CompiledField): WidgetControl {
  const placeholder = field.placeholder;
  const control = (
    component: string,
    props: Record<string, unknown>,
    valueType: SchemaValueType = 'string',
    usesDict = false,
  ): WidgetControl => ({ component, props, valueType, usesDict });

  switch (field.widget) {
    case 'input':
      return control('Input', { placeholder, allowClear: true });
    case 'textarea':
      return control('Input.TextArea', { placeholder, rows: 4 });
    case 'password':
      return control('Password', { placeholder });
    case 'number':
    case 'money':
      return control('NumberPicker', { placeholder, precision: precisionOf(field), ...FULL_WIDTH }, 'number');
    case 'select':
      return control('Select', { placeholder, allowClear: true }, numericValue(field), true);
    case 'searchSelect':
      // Its own widget (runtime/widgets/searchSelect): a table dictionary is searched on the server.
      return { component: REGISTRY_COMPONENT, props: { widget: field.widget }, valueType: numericValue(field), usesDict: false };
    case 'multiSelect':
      return control('Select', { placeholder, allowClear: true, mode: 'multiple' }, 'array', true);
    case 'radio':
      return control('Radio.Group', {}, numericValue(field), true);
    case 'checkbox':
      return control('Checkbox.Group', {}, 'array', true);
    case 'date':
      return control('DatePicker', { placeholder, format: DATE_FORMAT, ...FULL_WIDTH });
    case 'datetime':
      return control('DatePicker', { placeholder, format: DATETIME_FORMAT, showTime: true, ...FULL_WIDTH });
    case 'time':
      return control('TimePicker', { placeholder, format: TIME_FORMAT, ...FULL_WIDTH });
    case 'switch':
      return control('Switch', {}, 'boolean');
    case 'sliderCheck':
      // true once verified, empty before: the field's required rule blocks saving until then.
      return { component: REGISTRY_COMPONENT, props: { widget: field.widget }, valueType: 'boolean', usesDict: false };
    default:
      // Rendered by the widget registry (runtime/widgets).
      return { component: REGISTRY_COMPONENT, props: { widget: field.widget }, valueType: 'string', usesDict: false };
  }
}
