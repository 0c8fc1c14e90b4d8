/**
 * The `picker` widget: a read-only input showing the picked rows' text (restored from the stored
 * value through the target page's list endpoint) with a clear icon; a click opens the target page's
 * picker dialog — a table (expert, outsource, position, the generic biz picker) or, when the target's
 * picker declares `tree`, the checkable customer tree (with the cluster icon on the input). OK stores
 * the value field of the picked rows comma-joined; cancel and close discard the dialog's changes.
 *
 * `options.picker.fill` copies fields of the picked rows into other fields of the form on OK (the
 * case picker of 发票 fills 案件编号 and 案件名称), and empties them when the pick is cleared.
 *
 * The target page is another document, so at run time it may be missing or have no picker: the widget
 * then says which page (`npm run schemas:check` reports the same before it ships).
 */
import type { Form } from '@formily/core';
import { useForm } from '@formily/react';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { CloseCircleFilled, ClusterOutlined } from '@ant-design/icons';
import { Input, Typography } from 'antd';
import { defaultPlaceholder } from '../../schema/fieldSemantics';
import type { CompiledField, CompiledPicker, CompiledPickerTree } from '../../schema/compiledPageTypes';
import type { FormWidgetProps } from '../registry';
import { loadRowsByKeys, useTargetPage } from './pickerSource';
import { EMPTY_SELECTION, filledValues, selectionOf, selectionValue, rowText, valueKeys, type PickerRow, type PickerSelection } from './selection';
import { pickerDialogs, type PickerDialogProps } from './dialogs';
import { PICKER_TEXTS } from './texts';

/** The field's own placeholder, else the picker's (点击选择专家), else the default 请选择<label>. */
export function pickerPlaceholder(field: CompiledField, picker: CompiledPicker | undefined): string {
  const own = field.placeholder !== defaultPlaceholder(field.widget, field.label);
  return own || !picker?.placeholder ? field.placeholder : picker.placeholder;
}

/** options.picker.fill: the form's other fields take the picked rows' fields (cleared with the pick). */
function fillFields(form: Form | undefined, fill: Readonly<Record<string, string | undefined>> | undefined, selection: PickerSelection): void {
  if (!form || !fill) return;
  for (const [name, value] of Object.entries(filledValues(fill, selection))) form.setValuesIn(name, value);
}

/** The registered dialog for the target's picker: the customer tree when it declares one, else the table. */
function dialog(props: PickerDialogProps, tree: CompiledPickerTree | undefined) {
  const { table: TableDialog, tree: TreeDialog } = pickerDialogs();
  return tree ? <TreeDialog {...props} tree={tree} /> : <TableDialog {...props} />;
}

export default function PickerWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  const ref = field.options.picker?.page;
  const target = useTargetPage(host, ref);
  const ready = target.status === 'ready' ? target : undefined;
  const picker = ready?.picker;
  const multiple = field.options.picker?.multiple ?? picker?.multiple ?? false;
  const fill = field.options.picker?.fill;
  // Outside a Formily form (a grid cell, a test) there is no form to fill.
  const form = useForm() as Form | undefined;
  const keys = useMemo(() => valueKeys(value), [value]);
  const [known, setKnown] = useState<ReadonlyMap<string, PickerRow>>(new Map());
  /** Keys whose preselection request has answered (found or not). */
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState(false);

  const keysText = keys.join(',');
  const missing = keys.filter((key) => !known.has(key));
  const missingText = missing.join(',');
  // Preselection: the rows of a stored value that has not been picked here are loaded once, by key.
  useEffect(() => {
    if (!ready || missingText === '') return;
    let live = true;
    const asked = missingText.split(',');
    void loadRowsByKeys(host, ready.page, ready.picker, asked).then((rows) => {
      if (!live) return;
      setKnown((current) => {
        const next = new Map(current);
        for (const row of rows) next.set(String(row[ready.picker.valueField.name]), row);
        return next;
      });
      setSettled((current) => new Set([...current, ...asked]));
    });
    return () => {
      live = false;
    };
  }, [host, ready, missingText]);

  if (target.status === 'error') return <Typography.Text type="danger">{target.message}</Typography.Text>;

  const textField = picker?.textField.name ?? '';
  const waiting = target.status === 'loading' || missing.some((key) => !settled.has(key));
  const text = waiting ? '' : keys.map((key) => rowText(known.get(key), key, textField)).join(',');
  const initial = (): PickerSelection => selectionOf(keysText, [...known.values()], picker?.valueField.name ?? '');
  const finish = (selection: PickerSelection) => {
    setKnown((current) => new Map([...current, ...selection.rows]));
    fillFields(form, fill, selection);
    onChange(selectionValue(selection));
    setOpen(false);
  };
  const clear = !disabled && keys.length > 0 && (
    <CloseCircleFilled
      aria-label={PICKER_TEXTS.clear}
      style={{ color: 'rgba(0, 0, 0, 0.25)', cursor: 'pointer' }}
      onClick={(event) => {
        event.stopPropagation();
        fillFields(form, fill, EMPTY_SELECTION);
        onChange('');
      }}
    />
  );
  const dialogProps = ready && {
    page: ready.page,
    picker: ready.picker,
    host,
    multiple,
    initial: initial(),
    onOk: finish,
    onCancel: () => setOpen(false),
  };

  return (
    <>
      <Input
        readOnly
        value={text}
        disabled={disabled}
        placeholder={waiting ? PICKER_TEXTS.loading : pickerPlaceholder(field, picker)}
        style={{ cursor: disabled ? undefined : 'pointer' }}
        onClick={() => {
          if (!disabled && ready) setOpen(true);
        }}
        suffix={
          <span style={{ display: 'inline-flex', gap: 6 }}>
            {clear}
            {picker?.tree && <ClusterOutlined />}
          </span>
        }
      />
      {open && dialogProps && <Suspense fallback={null}>{dialog(dialogProps, picker?.tree)}</Suspense>}
    </>
  );
}
