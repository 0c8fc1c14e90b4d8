/**
 * The `popup` widget (JeecgBoot's JPopup over an online report, widgets spec §2, §5): a read-only
 * input with an open button; the dialog lists the report (options.popup.code) and OK copies the
 * picked rows' orgFields[i] into the form's destFields[i] (several rows: joined by the spliter, default
 * ','; a stored value is shown split by it, comma-separated). The widget's own field gets its value
 * through onChange; the other destination fields are set on the Formily form the widget sits in. A
 * configuration without code, orgFields or destFields, or with unequal counts, says so
 * ('popup参数未正确配置!' / '…原始值和目标值数量不一致!') and disables the widget.
 */
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import type { Form } from '@formily/core';
import { useForm } from '@formily/react';
import { Button, Input, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { Host } from '../../host/types';
import type { CompiledField } from '../../schema/compiledPageTypes';
import type { FormWidgetProps } from '../registry';
import { clearedValues, mappedValues, popupConfig, shownText, type PopupConfig } from './popupConfig';
import { PopupDialog } from './PopupDialog';
import type { ReportRow } from './reportApi';
import { POPUP_TEXTS } from './texts';

/** Sets the destination fields: the widget's own through onChange, the others on the form. */
function emit(config: PopupConfig, values: Record<string, string>, form: Form | undefined, onChange: (value: unknown) => void): void {
  for (const [name, value] of Object.entries(values)) {
    if (name !== config.ownField) form?.setValuesIn(name, value);
  }
  onChange(values[config.ownField] ?? '');
}

export interface PopupInputProps {
  field: CompiledField;
  /** The value the input shows (the own field's). */
  value: unknown;
  disabled?: boolean;
  host: Host;
  /** A pick or a clear: the new value of every destination field, the own one included. */
  onValues(values: Record<string, string>, config: PopupConfig): void;
}

/**
 * The popup's input and dialog without a form: the caller puts the destination values where its
 * fields live (the form widget below on the Formily form, the editable grid into the cells of the row).
 */
export function PopupInput({ field, value, disabled, host, onValues }: PopupInputProps) {
  const settings = field.options.popup;
  const checked = useMemo(() => popupConfig(settings, field.name), [settings, field.name]);
  const [open, setOpen] = useState(false);

  const message = checked.ok ? undefined : checked.message;
  useEffect(() => {
    if (message) host.notify.error(message);
  }, [host, message]);

  const config = checked.ok ? checked.config : undefined;
  const off = disabled === true || !config;
  const text = shownText(config, value);

  const pick = (rows: ReportRow[]) => {
    if (!config) return;
    onValues(mappedValues(config, rows), config);
    setOpen(false);
  };
  const clear = () => {
    if (config) onValues(clearedValues(config), config);
  };

  return (
    <>
      <Space.Compact block>
        <Input
          readOnly
          value={text}
          title={text || undefined}
          disabled={off}
          placeholder={field.placeholder || POPUP_TEXTS.placeholder}
          style={{ cursor: off ? undefined : 'pointer' }}
          onClick={() => {
            if (!off) setOpen(true);
          }}
          suffix={
            text !== '' && !off ? (
              <CloseCircleFilled
                role="button"
                aria-label={POPUP_TEXTS.clearValue}
                style={{ color: 'rgba(0,0,0,0.25)', cursor: 'pointer' }}
                onClick={(event) => {
                  event.stopPropagation();
                  clear();
                }}
              />
            ) : (
              <span />
            )
          }
        />
        <Button aria-label={POPUP_TEXTS.open} icon={<SearchOutlined />} disabled={off} onClick={() => setOpen(true)} />
      </Space.Compact>
      {open && config && <PopupDialog host={host} config={config} onOk={pick} onClose={() => setOpen(false)} />}
    </>
  );
}

export default function PopupWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  // Outside a Formily form (a test) there is no form: only the own field is set.
  const form = useForm() as Form | undefined;
  return <PopupInput field={field} value={value} disabled={disabled} host={host} onValues={(values, config) => emit(config, values, form, onChange)} />;
}
