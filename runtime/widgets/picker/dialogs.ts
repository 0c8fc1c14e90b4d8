/**
 * The picker widget's dialogs are views (they draw the list view's query bar and columns), and widgets
 * never import views: registerBuiltinWidgets (runtime/views) hands them in here, and the widget asks
 * for them when it opens one.
 */
import type { ComponentType } from 'react';
import type { Host } from '../../host/types';
import type { CompiledPage, CompiledPicker, CompiledPickerTree } from '../../schema/compiledPageTypes';
import type { PickerSelection } from './selection';

export interface PickerDialogProps {
  page: CompiledPage;
  picker: CompiledPicker;
  host: Host;
  multiple: boolean;
  /** The selection the dialog opens with (the stored value's rows). */
  initial: PickerSelection;
  onOk(selection: PickerSelection): void;
  onCancel(): void;
}

export type TreePickerDialogProps = PickerDialogProps & { tree: CompiledPickerTree };

export interface PickerDialogs {
  table: ComponentType<PickerDialogProps>;
  tree: ComponentType<TreePickerDialogProps>;
}

let dialogs: PickerDialogs | undefined;

export function registerPickerDialogs(given: PickerDialogs): void {
  dialogs = given;
}

export function pickerDialogs(): PickerDialogs {
  if (!dialogs) throw new Error('选择对话框未登记：请先调用 registerBuiltinWidgets()');
  return dialogs;
}
