/**
 * The `popup` widget (JeecgBoot's JPopup over an online report, widgets spec §2, §5): a read-only
 * input with an open button; the dialog lists the report (options.popup.code) and OK copies the
 * picked rows' orgFields[i] into the form's destFields[i] (several rows: comma-joined). The widget's
 * own field gets its value through onChange; the other destination fields are set on the Formily form
 * the widget sits in. A configuration without code, orgFields or destFields, or with unequal counts,
 * says so ('popup参数未正确配置!' / '…原始值和目标值数量不一致!') and disables the widget.
 */
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import type { Form } from '@formily/core';
import { useForm } from '@formily/react';
import { Button, Input, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { FormWidgetProps } from '../registry';
import { clearedValues, mappedValues, popupConfig, type PopupConfig, type PopupSettings } from './popupConfig';
import { PopupDialog } from './PopupDialog';
import type { ReportRow } from './reportApi';
import { POPUP_TEXTS } from './texts';

/** Sets the destination fields: the widget's own through onChange, the others on the form. */
function emit(config: PopupConfig, values: Record<string, string>, form: Form | undefined, onChange: (value: unknown) => void): void {
  for (const [name, value] of Object.entries(values)) {
    if (name !== config.field) form?.setValuesIn(name, value);
  }
  onChange(values[config.field] ?? '');
}

export default function PopupWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  // Outside a Formily form (a grid cell, a test) there is no form: only the own field is set.
  const form = useForm() as Form | undefined;
  const settings = field.options.popup as PopupSettings | undefined;
  const checked = useMemo(() => popupConfig(settings, field.name), [settings, field.name]);
  const [open, setOpen] = useState(false);

  const message = checked.ok ? undefined : checked.message;
  useEffect(() => {
    if (message) host.notify.error(message);
  }, [host, message]);

  const config = checked.ok ? checked.config : undefined;
  const off = disabled === true || !config;
  const text = value === null || value === undefined ? '' : String(value);

  const pick = (rows: ReportRow[]) => {
    if (!config) return;
    emit(config, mappedValues(config, rows), form, onChange);
    setOpen(false);
  };
  const clear = () => {
    if (config) emit(config, clearedValues(config), form, onChange);
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
