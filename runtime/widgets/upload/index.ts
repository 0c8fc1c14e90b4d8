/**
 * Upload widgets: `upload` (files) and `image` (pictures) form widgets, their list cell, the upload
 * popup and the headless upload list. `registerUploadWidgets()` puts the widgets and the cell
 * renderer into runtime/widgets/registry.
 */
import { createElement } from 'react';
import { registerCellRenderer, registerWidget } from '../registry';
import { FileCell } from './FileCell';
import { imageWidgetLoader, uploadWidgetLoader } from './loaders';

export { imageWidgetLoader, uploadWidgetLoader } from './loaders';

export function registerUploadWidgets(): void {
  registerWidget('upload', uploadWidgetLoader);
  registerWidget('image', imageWidgetLoader);
  registerCellRenderer('upload', (value, { host }) => createElement(FileCell, { value, host, image: false }));
  registerCellRenderer('image', (value, { host }) => createElement(FileCell, { value, host, image: true }));
}

export { FileCell } from './FileCell';
export { UploadCell, type UploadCellProps } from './UploadCell';
export { UploadPopup, type UploadPopupProps } from './UploadPopup';
export { FileUploadField } from './FileUploadField';
export { ImageUploadField } from './ImageUploadField';
export { useUploadList, type UploadList, type UploadListOptions } from './useUploadList';
export * from './uploadList';
export * from '../../files/paths';
export { UPLOAD_TEXTS, UPLOAD_POPUP_WIDTH, CELL_NAME_LENGTH } from './texts';
