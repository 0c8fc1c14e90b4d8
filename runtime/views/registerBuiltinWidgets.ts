/**
 * Puts the shipped widgets, list cell renderers and picker dialogs into the widget registry. The
 * app's entry into the schema runtime (src/pages/SchemaRoute) and the unit tests' setup call it
 * once, before any schema page renders: a list's first paint already needs the area, name and file
 * cells. A project's own widget registered before this call
 * keeps its type; one registered after replaces the shipped one.
 *
 * It lives with the views because the picker dialogs are views, which widgets never import.
 */
import { lazy } from 'react';
import { registerFormWidgets } from '../widgets/form';
import { registerNameCellRenderers } from '../widgets/labels/cells';
import { registerPickerCellRenderers } from '../widgets/picker/cells';
import { registerPickerDialogs } from '../widgets/picker/dialogs';
import { registerUploadWidgets } from '../widgets/upload';

export function registerBuiltinWidgets(): void {
  registerFormWidgets();
  registerUploadWidgets();
  registerNameCellRenderers();
  registerPickerCellRenderers();
  registerPickerDialogs({
    table: lazy(() => import('./picker/TablePickerDialog').then((module) => ({ default: module.TablePickerDialog }))),
    tree: lazy(() => import('./picker/TreePickerDialog').then((module) => ({ default: module.TreePickerDialog }))),
  });
}
