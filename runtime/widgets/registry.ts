/**
 * The widget registry: a widget type (FieldWidget names such as 'select', 'upload', or a project's
 * own) → a lazily loaded React component. Form renderers ask `getWidget(field.widget)` and get a
 * React.lazy component, so a page pulls in only the code of the widgets it shows. List cells can be
 * given their own renderer per widget type (e.g. an image thumbnail) with `registerCellRenderer`;
 * cells are synchronous because a table renders many of them.
 *
 * The shipped widgets are registered by registerBuiltinWidgets (runtime/views), called once by the
 * app's entry into the schema runtime and the unit tests' setup; registering a type again replaces it.
 */
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { DictService } from '../dict/dictService';
import type { Host } from '../host/types';
import type { CompiledField, CompiledListColumn } from '../schema/compiledPageTypes';

/** What every form widget receives. `value`/`onChange` follow the form's stored value of the field. */
export interface FormWidgetProps<V = unknown> {
  field: CompiledField;
  value: V;
  onChange(value: V): void;
  disabled?: boolean;
  host: Host;
}

export type FormWidget = ComponentType<FormWidgetProps>;

/** A dynamic import of the module holding the widget as its default export. */
export type WidgetLoader = () => Promise<{ default: FormWidget }>;

export interface CellContext {
  column: CompiledListColumn;
  record: Readonly<Record<string, unknown>>;
  /** Row index on the current page. */
  index: number;
  host: Host;
  dict: DictService;
}

/** Renders one list cell from the record's raw value of the column's field. */
export type CellRenderer = (value: unknown, context: CellContext) => ReactNode;

interface Entry {
  loader: WidgetLoader;
  /** Created on first ask, so registering many widgets costs nothing until one is shown. */
  component?: LazyExoticComponent<FormWidget>;
}

const widgets = new Map<string, Entry>();
const cellRenderers = new Map<string, CellRenderer>();

function checkType(type: string): void {
  if (type.trim() === '') throw new Error('registerWidget: 控件类型不能为空');
}

export function registerWidget(type: string, loader: WidgetLoader): void {
  checkType(type);
  widgets.set(type, { loader });
}

export function hasWidget(type: string): boolean {
  return widgets.has(type);
}

/** The lazy component of `type` (the same object on every call), or undefined when none is registered. */
export function getWidget(type: string): LazyExoticComponent<FormWidget> | undefined {
  const entry = widgets.get(type);
  if (!entry) return undefined;
  if (!entry.component) {
    const { loader } = entry;
    entry.component = lazy(() =>
      loader().catch((error: unknown) => {
        // Forget the failed component so a later render (after the error boundary resets) loads again.
        if (widgets.get(type) === entry) entry.component = undefined;
        throw error;
      }),
    );
  }
  return entry.component;
}

export function registeredWidgetTypes(): string[] {
  return [...widgets.keys()].sort();
}

export function registerCellRenderer(type: string, renderer: CellRenderer): void {
  checkType(type);
  cellRenderers.set(type, renderer);
}

export function getCellRenderer(type: string): CellRenderer | undefined {
  return cellRenderers.get(type);
}

/** Forgets every registration (tests). */
export function clearWidgetRegistry(): void {
  widgets.clear();
  cellRenderers.clear();
}
