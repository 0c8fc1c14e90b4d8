/**
 * Formily bridge to the widget registry (runtime/widgets/registry): renders the registered widget
 * of a field's type with the registry's props ({field, value, onChange, disabled, host}). Used for
 * the widgets antd-v5 has no control for; the registry holds the text stand-in until the real one
 * ships.
 */
import { useField } from '@formily/react';
import { Spin, Typography } from 'antd';
import { createContext, createElement, Suspense, useContext, type FocusEvent } from 'react';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';
import { getWidget } from '../../widgets/registry';

export interface FormWidgetContextValue {
  page: CompiledPage;
  host: Host;
}

export const FormWidgetContext = createContext<FormWidgetContextValue | null>(null);

interface RegistryWidgetProps {
  widget: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  onBlur?: (event: FocusEvent) => void;
  disabled?: boolean;
  readOnly?: boolean;
}

export function RegistryWidget({ widget, value, onChange, onBlur, disabled, readOnly }: RegistryWidgetProps) {
  const context = useContext(FormWidgetContext);
  const formilyField = useField();
  const field = context?.page.fieldByName.get(String(formilyField.path));
  // The registry hands out one lazy component per type, created once: stable across renders.
  const Widget = getWidget(widget);
  if (!context || !field || !Widget) {
    return <Typography.Text type="danger">{`控件「${widget}」未注册`}</Typography.Text>;
  }
  return (
    <div onBlur={onBlur}>
      <Suspense fallback={<Spin size="small" />}>
        {createElement(Widget, { field, value, onChange: (next: unknown) => onChange?.(next), disabled: disabled || readOnly, host: context.host })}
      </Suspense>
    </div>
  );
}
