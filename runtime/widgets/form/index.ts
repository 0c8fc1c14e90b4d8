/**
 * Registers the form widgets in runtime/widgets/registry, one loader per widget type. Types whose
 * real widget is still to come get the text stand-in (with its visible hint); a module that ships
 * the real one registers it under the same type and replaces the stand-in.
 */
import type { FieldWidget } from '../../generated/page';
import { hasWidget, registerWidget, type WidgetLoader } from '../registry';
import { imageWidgetLoader, uploadWidgetLoader } from '../upload/loaders';
// The area list cell (path text instead of the code) is synchronous, so it registers eagerly.
import '../picker/cells';

const text: WidgetLoader = () => import('./TextWidget');
const number: WidgetLoader = () => import('./NumberWidget');
const dict: WidgetLoader = () => import('./DictWidget');
const date: WidgetLoader = () => import('./DateWidget');
const toggle: WidgetLoader = () => import('./SwitchWidget');
const searchSelect: WidgetLoader = () => import('../searchSelect/SearchSelectWidget');
const pending: WidgetLoader = () => import('./PendingTextWidget');
const area: WidgetLoader = () => import('../picker/AreaWidget');
const picker: WidgetLoader = () => import('../picker/PickerWidget');
const user: WidgetLoader = () => import('../org/UserWidget');
const depart: WidgetLoader = () => import('../org/DepartWidget');
const popup: WidgetLoader = () => import('../popup/PopupWidget');

export const FORM_WIDGET_LOADERS: Readonly<Record<FieldWidget, WidgetLoader>> = {
  input: text,
  textarea: text,
  password: text,
  number,
  money: number,
  select: dict,
  searchSelect,
  multiSelect: dict,
  radio: dict,
  checkbox: dict,
  date,
  datetime: date,
  time: date,
  switch: toggle,
  user,
  depart,
  area,
  picker,
  treeSelect: pending,
  categoryTree: pending,
  linkDown: pending,
  upload: uploadWidgetLoader,
  image: imageWidgetLoader,
  editor: pending,
  markdown: pending,
  popup,
};

/** Widget types edited as text until their real widget ships. */
export const PENDING_WIDGET_TYPES: readonly FieldWidget[] = (Object.keys(FORM_WIDGET_LOADERS) as FieldWidget[]).filter(
  (type) => FORM_WIDGET_LOADERS[type] === pending,
);

/**
 * Registers every form widget whose type has no widget yet: a real widget registered before this
 * runs (say a user picker) is not overwritten by the stand-in; one registered after replaces it.
 */
export function registerFormWidgets(): void {
  for (const type of Object.keys(FORM_WIDGET_LOADERS) as FieldWidget[]) {
    if (!hasWidget(type)) registerWidget(type, FORM_WIDGET_LOADERS[type]);
  }
}
