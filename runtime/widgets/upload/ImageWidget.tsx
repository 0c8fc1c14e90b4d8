/** The `image` form widget: pictures stored as comma-joined paths; `options.maxCount`, `options.accept`. */
import type { FormWidgetProps } from '../registry';
import { ImageUploadField } from './ImageUploadField';

export default function ImageWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  return (
    <ImageUploadField
      host={host}
      value={value}
      onChange={onChange}
      maxCount={field.options.maxCount ?? 0}
      accept={field.options.accept}
      disabled={disabled || field.readOnly}
    />
  );
}
