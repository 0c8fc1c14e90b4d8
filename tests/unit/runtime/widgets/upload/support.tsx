// A page with an upload and an image field, compiled by the real loader, and a harness that renders
// a registered widget with its value shown, answering the Host's calls through the fake host.
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { createElement, Suspense, useState } from 'react';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import type { CompiledField } from '../../../../../runtime/schema/compiledPageTypes';
import type { FieldOptions } from '../../../../../runtime/generated/page';
import type { Envelope } from '../../../../../runtime/host/types';
import { getWidget } from '../../../../../runtime/widgets/registry';
import { imageWidgetLoader, registerUploadWidgets, uploadWidgetLoader } from '../../../../../runtime/widgets/upload';
import { createFakeHost, type FakeHost } from '../../list/fakeHost';

export const REPORT = 'temp/20261122/0123456789abcdef_查勘报告.pdf';
export const PHOTO_1 = 'temp/20261122/1111111111111111_现场1.png';
export const PHOTO_2 = 'temp/20261122/2222222222222222_现场2.png';

export function fieldOf(widget: 'upload' | 'image', options: FieldOptions = {}): CompiledField {
  const result = loadPageSchema(
    {
      schemaVersion: 1,
      entity: { name: 'survey', module: 'test', title: '查勘', table: 'test_survey', permissionPrefix: 'survey' },
      fields: [{ name: 'files', label: '附件', type: 'string', length: 2000, widget, options }],
      list: { columns: [{ field: 'files' }], toolbar: ['add'], rowActions: ['edit'] },
      form: { columns: 1, fields: ['files'] },
    },
    `test:upload-${widget}`,
  );
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.pointer} ${e.message}`).join('\n'));
  const field = result.page.fieldByName.get('files');
  if (!field) throw new Error('no field');
  return field;
}

/** Loads the widgets' code once, so the first test does not spend its wait on the import. */
export async function preloadUploadWidgets(): Promise<void> {
  await Promise.all([uploadWidgetLoader(), imageWidgetLoader()]);
}

export function stored(path: string): Envelope<string> {
  return { success: true, message: path, code: 200, result: path, timestamp: 0 };
}

export function refused(message: string): Envelope<null> {
  return { success: false, message, code: 500, result: null, timestamp: 0 };
}

/** Renders the registered widget of `field` with a value the test can read back from `changes`. */
export function renderWidget(field: CompiledField, initial: unknown, fake: FakeHost = createFakeHost()) {
  registerUploadWidgets();
  const changes: unknown[] = [];
  const Widget = getWidget(field.widget);
  if (!Widget) throw new Error(`no widget ${field.widget}`);
  function Harness() {
    const [value, setValue] = useState<unknown>(initial);
    return (
      <Suspense fallback="loading">
        {createElement(Widget as NonNullable<typeof Widget>, {
          field,
          value,
          host: fake.host,
          onChange: (next: unknown) => {
            changes.push(next);
            setValue(next);
          },
        })}
      </Suspense>
    );
  }
  const view = render(<Harness />, { wrapper: NoMotion });
  return { ...view, fake, changes };
}

/** antd without animations, so a removed item or a closed dialog leaves the DOM at once. */
export function NoMotion({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider>;
}

export function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  return input;
}

export function pdf(name = '定损单.pdf'): File {
  return new File(['%PDF-1.4'], name, { type: 'application/pdf' });
}

export function png(name = '照片.png'): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
}
