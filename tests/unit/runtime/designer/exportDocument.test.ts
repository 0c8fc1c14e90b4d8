import { describe, expect, it } from 'vitest';
import { exportOnlineFormDocument, EXPORT_DOCUMENT_URL } from '../../../../runtime/designer/exportDocument';
import { createFakeHost } from '../list/fakeHost';

const jsonBlob = (value: unknown) => new Blob([JSON.stringify(value)], { type: 'application/json' });

describe('导出 of 表单开发', () => {
  it('saves the answered document as <camelName>.json for schemas/pages/online/', async () => {
    const fake = createFakeHost();
    const document = { $schema: '../../meta/page.schema.json', entity: { module: 'online', name: 'carInfo', table: 'car_info' } };
    fake.respond(() => jsonBlob(document));
    await expect(exportOnlineFormDocument(fake.host, 'f1', 'car_info')).resolves.toBe(true);
    expect(fake.calls[0]).toMatchObject({ method: 'getBlob', url: EXPORT_DOCUMENT_URL, params: { id: 'f1' } });
    expect(fake.saved).toHaveLength(1);
    expect(fake.saved[0].fileName).toBe('carInfo.json');
    expect(JSON.parse(await fake.saved[0].file.text())).toEqual(document);
  });

  it('shows the refusal and saves nothing when the server refuses', async () => {
    const fake = createFakeHost();
    fake.respond(() => jsonBlob({ success: false, message: '表单设计有误，不能导出', code: 500 }));
    await expect(exportOnlineFormDocument(fake.host, 'f1', 'car_info')).resolves.toBe(false);
    expect(fake.saved).toHaveLength(0);
    expect(fake.notices).toEqual([{ kind: 'warning', text: '表单设计有误，不能导出' }]);
  });

  it('an answer that is not JSON is no document', async () => {
    const fake = createFakeHost();
    fake.respond(() => new Blob(['<html>'], { type: 'text/html' }));
    await expect(exportOnlineFormDocument(fake.host, 'f1', 'car_info')).resolves.toBe(false);
    expect(fake.saved).toHaveLength(0);
    expect(fake.notices[0]).toMatchObject({ kind: 'warning' });
  });
});
