/**
 * sliderCheck as a form widget: the drag-slider human check on a form-only field (stored: false,
 * required: true). Its value is true once the handle reached the end and empty before, so the
 * field's required rule keeps the form from saving until a person has dragged it; a form that
 * clears the value (reset) puts the handle back to the start.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormWidgetProps } from '../registry';
import { SliderCheck } from './SliderCheck';

export default function SliderCheckWidget({ value, onChange }: FormWidgetProps) {
  const verified = value === true;
  const [seen, setSeen] = useState(verified);
  const [resetKey, setResetKey] = useState(0);
  // Only a verified → unverified change (from outside) starts over; verifying itself must not.
  if (seen !== verified) {
    setSeen(verified);
    if (seen) setResetKey((key) => key + 1);
  }
  // The check reports once; it must not see a new callback on every render of the form.
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  const [onVerified] = useState(() => () => change.current(true));
  return <SliderCheck resetKey={resetKey} onVerified={onVerified} />;
}
