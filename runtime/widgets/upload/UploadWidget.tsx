/** The `upload` form widget: files stored as comma-joined paths; `options.maxCount`, `options.accept`. */
import type { FormWidgetProps } from '../registry';
import { FileUploadField } from './FileUploadField';

export default function UploadWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  return (
    <FileUploadField
      host={host}
      value={value}
      onChange={onChange}
      maxCount={field.options.maxCount ?? 0}
      accept={field.options.accept}
      disabled={disabled || field.readOnly}
    />
  );
}
