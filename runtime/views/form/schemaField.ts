/** The SchemaField every schema form renders with: the antd-v5 controls plus our section and registry bridge. */
import {
  Checkbox,
  DatePicker,
  FormGrid,
  FormItem,
  Input,
  NumberPicker,
  Password,
  Radio,
  Select,
  Switch,
  TimePicker,
} from '@formily/antd-v5';
import { createSchemaField } from '@formily/react';
import { FormSection } from './FormSection';
import { FormStepPane } from './FormStepPane';
import { RegistryWidget } from './RegistryWidget';

export const SchemaField = createSchemaField({
  components: {
    Checkbox,
    DatePicker,
    FormGrid,
    FormItem,
    FormSection,
    FormStepPane,
    Input,
    NumberPicker,
    Password,
    Radio,
    RegistryWidget,
    Select,
    Switch,
    TimePicker,
  },
});
