/**
 * The read-only input of a picker: shows the picked names, opens the dialog on click, and offers a
 * clear icon while it holds a value (widgets spec §2: read-only input with a clear icon).
 */
import { CloseCircleFilled } from '@ant-design/icons';
import { Input } from 'antd';
import type { ReactNode } from 'react';
import { ORG_TEXTS } from './texts';

interface PickerInputProps {
  text: string;
  placeholder?: string;
  disabled?: boolean;
  /** The picker's icon (cluster for departments, user for users); also opens the dialog. */
  icon: ReactNode;
  onOpen(): void;
  onClear(): void;
}

export function PickerInput({ text, placeholder, disabled, icon, onOpen, onClear }: PickerInputProps) {
  const open = () => {
    if (!disabled) onOpen();
  };
  return (
    <Input
      readOnly
      value={text}
      placeholder={placeholder}
      disabled={disabled}
      title={text || undefined}
      onClick={open}
      style={{ cursor: disabled ? undefined : 'pointer' }}
      suffix={
        <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
          {text !== '' && !disabled && (
            <CloseCircleFilled
              role="button"
              aria-label={ORG_TEXTS.clear}
              style={{ color: 'rgba(0,0,0,0.25)', cursor: 'pointer' }}
              onClick={(event) => {
                event.stopPropagation();
                onClear();
              }}
            />
          )}
          <span onClick={open} style={{ display: 'inline-flex' }}>
            {icon}
          </span>
        </span>
      }
    />
  );
}
