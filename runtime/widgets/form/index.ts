/**
 * Registers the form widgets in runtime/widgets/registry, one loader per widget type of the page
 * language; a project may register its own widget under a type to replace the shipped one.
 */
import type { FieldWidget } from '../../generated/page';
import { hasWidget, registerWidget, type WidgetLoader } from '../registry';
import { imageWidgetLoader, uploadWidgetLoader } from '../upload/loaders';

const text: WidgetLoader = () => import('./TextWidget');
const number: WidgetLoader = () => import('./NumberWidget');
const dict: WidgetLoader = () => import('./DictWidget');
const date: WidgetLoader = () => import('./DateWidget');
const toggle: WidgetLoader = () => import('./SwitchWidget');
const searchSelect: WidgetLoader = () => import('../searchSelect/SearchSelectWidget');
const area: WidgetLoader = () => import('../picker/AreaWidget');
const picker: WidgetLoader = () => import('../picker/PickerWidget');
const user: WidgetLoader = () => import('../org/UserWidget');
const depart: WidgetLoader = () => import('../org/DepartWidget');
const popup: WidgetLoader = () => import('../popup/PopupWidget');
const treeSelect: WidgetLoader = () => import('../tree/TreeSelectWidget');
const categoryTree: WidgetLoader = () => import('../tree/CategoryTreeWidget');
const linkDown: WidgetLoader = () => import('../tree/LinkDownWidget');
const icon: WidgetLoader = () => import('../icon/IconWidget');
const cron: WidgetLoader = () => import('../cron/CronWidget');
const editor: WidgetLoader = () => import('../editors/RichTextWidget');
const markdown: WidgetLoader = () => import('../editors/MarkdownWidget');
const code: WidgetLoader = () => import('../editors/CodeWidget');
const sliderCheck: WidgetLoader = () => import('../sliderCheck/SliderCheckWidget');

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
  treeSelect,
  categoryTree,
  linkDown,
  upload: uploadWidgetLoader,
  image: imageWidgetLoader,
  editor,
  markdown,
  popup,
  cron,
  code,
  sliderCheck,
  icon,
};

/**
 * Registers every form widget whose type has no widget yet: a widget registered before this runs
 * (a project's own user picker, say) is kept; one registered after replaces the shipped one.
 */
export function registerFormWidgets(): void {
  for (const type of Object.keys(FORM_WIDGET_LOADERS) as FieldWidget[]) {
    if (!hasWidget(type)) registerWidget(type, FORM_WIDGET_LOADERS[type]);
  }
}
