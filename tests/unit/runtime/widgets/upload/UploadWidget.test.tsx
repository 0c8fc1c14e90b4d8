import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFakeHost, deferred, type Answer } from '../../list/fakeHost';
import { FileUploadField } from '../../../../../runtime/widgets/upload';
import { preloadUploadWidgets, fieldOf, fileInput, NoMotion, pdf, refused, renderWidget, REPORT, stored } from './support';

beforeAll(preloadUploadWidgets, 30_000);

const NEW_PATH = 'temp/20261122/aaaaaaaaaaaaaaaa_定损单.pdf';

describe('upload widget (file mode)', () => {
  it('shows the files of an existing value and downloads one through the static route', async () => {
    const fake = createFakeHost();
    const content = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    fake.respond(() => content);
    const user = userEvent.setup();
    renderWidget(fieldOf('upload'), REPORT, fake);
    await user.click(await screen.findByText('查勘报告.pdf'));
    await waitFor(() => expect(fake.saved).toHaveLength(1));
    expect(fake.callsTo('getBlob')[0].url).toBe(`/sys/common/static/temp/20261122/${encodeURIComponent('0123456789abcdef_查勘报告.pdf')}`);
    expect(fake.saved[0]).toEqual({ file: content, fileName: '查勘报告.pdf' });
  });

  it("says '文件下载失败' when the file comes back empty", async () => {
    const fake = createFakeHost();
    fake.respond(() => new Blob([]));
    const user = userEvent.setup();
    renderWidget(fieldOf('upload'), REPORT, fake);
    await user.click(await screen.findByText('查勘报告.pdf'));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'error', text: '文件下载失败' }));
    expect(fake.saved).toHaveLength(0);
  });

  it('uploads a chosen file with isup=1 and biz temp and emits the comma-joined paths', async () => {
    const fake = createFakeHost();
    const held = deferred<Answer>();
    fake.respond(() => held.promise);
    const user = userEvent.setup();
    const { container, changes } = renderWidget(fieldOf('upload', { accept: '.pdf,.doc' }), REPORT, fake);
    await screen.findByText('查勘报告.pdf');
    expect(fileInput(container)).toHaveAttribute('accept', '.pdf,.doc');

    await user.upload(fileInput(container), pdf());
    await waitFor(() => expect(fake.callsTo('upload')).toHaveLength(1));
    const call = fake.callsTo('upload')[0];
    expect(call.url).toBe('/sys/common/upload');
    expect(call.options).toMatchObject({ fields: { isup: '1', biz: 'temp' } });
    expect((call.body as File[])[0].name).toBe('定损单.pdf');
    // While uploading nothing is emitted yet.
    expect(await screen.findByText('定损单.pdf')).toBeInTheDocument();
    expect(changes).toEqual([]);

    held.resolve(stored(NEW_PATH));
    await waitFor(() => expect(changes).toEqual([`${REPORT},${NEW_PATH}`]));
  });

  it("shows the server's message when it refuses, keeps the file out of the value and explains it in '上传出错'", async () => {
    const fake = createFakeHost();
    fake.respond(() => refused('文件大小超出10MB限制'));
    const user = userEvent.setup();
    const { container, changes } = renderWidget(fieldOf('upload'), '', fake);
    await screen.findByText('点击上传');
    await user.upload(fileInput(container), pdf('大文件.pdf'));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'error', text: '文件大小超出10MB限制' }));
    expect(changes).toEqual([]);

    const failed = await screen.findByText('大文件.pdf');
    await user.hover(failed);
    expect(await screen.findByText('上传失败')).toBeInTheDocument();

    await user.click(failed);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('上传出错')).toBeInTheDocument();
    expect(within(dialog).getByText('错误信息：文件大小超出10MB限制')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByText('错误信息：文件大小超出10MB限制')).not.toBeInTheDocument());
  });

  it("reports a transport failure as '{file} 上传失败.' and falls back to '未知错误' in the dialog", async () => {
    const fake = createFakeHost();
    fake.respond(() => Promise.reject('offline'));
    const user = userEvent.setup();
    const { container, changes } = renderWidget(fieldOf('upload'), REPORT, fake);
    await screen.findByText('查勘报告.pdf');
    await user.upload(fileInput(container), pdf('照片说明.pdf'));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'error', text: '照片说明.pdf 上传失败.' }));
    expect(changes).toEqual([]);
    await user.click(await screen.findByText('照片说明.pdf'));
    expect(await screen.findByText('错误信息：未知错误')).toBeInTheDocument();
  });

  it('puts the transport error in the dialog when there is one', async () => {
    const fake = createFakeHost();
    fake.respond(() => Promise.reject(new Error('网络异常，请检查网络连接')));
    const user = userEvent.setup();
    const { container } = renderWidget(fieldOf('upload'), '', fake);
    await screen.findByText('点击上传');
    await user.upload(fileInput(container), pdf('a.pdf'));
    await user.click(await screen.findByText('a.pdf'));
    expect(await screen.findByText('错误信息：网络异常，请检查网络连接')).toBeInTheDocument();
  });

  it('treats an answer without a stored path as a failure', async () => {
    const fake = createFakeHost();
    fake.respond(() => stored(''));
    const user = userEvent.setup();
    const { container, changes } = renderWidget(fieldOf('upload'), '', fake);
    await screen.findByText('点击上传');
    await user.upload(fileInput(container), pdf('空.pdf'));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'error', text: '空.pdf 上传失败.' }));
    expect(changes).toEqual([]);
  });

  it('removes a file and emits the remaining paths', async () => {
    const second = 'temp/20261122/bbbbbbbbbbbbbbbb_委托书.pdf';
    const user = userEvent.setup();
    const { changes } = renderWidget(fieldOf('upload'), `${REPORT},${second}`);
    const item = (await screen.findByText('查勘报告.pdf')).closest('.ant-upload-list-item') as HTMLElement;
    await user.click(within(item).getByRole('button', { name: /delete|删除/i }));
    await waitFor(() => expect(changes).toEqual([second]));
    expect(screen.queryByText('查勘报告.pdf')).not.toBeInTheDocument();
  });

  it('hides the trigger once maxCount files are kept (0 = unlimited)', async () => {
    renderWidget(fieldOf('upload', { maxCount: 2 }), `${REPORT},temp/x/bbbbbbbbbbbbbbbb_b.pdf`);
    await screen.findByText('查勘报告.pdf');
    expect(screen.queryByText('点击上传')).not.toBeInTheDocument();
  });

  it('with maxCount 1 a new file replaces the kept one', async () => {
    const fake = createFakeHost();
    fake.respond(() => stored(NEW_PATH));
    const user = userEvent.setup();
    const { container, changes } = renderWidget(fieldOf('upload', { maxCount: 1 }), REPORT, fake);
    await screen.findByText('查勘报告.pdf');
    expect(fileInput(container)).not.toHaveAttribute('multiple');
    await user.upload(fileInput(container), pdf());
    await waitFor(() => expect(changes.at(-1)).toBe(NEW_PATH));
    expect(screen.queryByText('查勘报告.pdf')).not.toBeInTheDocument();
  });

  it('follows a value set from outside (form reset, record loaded) without emitting it back', async () => {
    const fake = createFakeHost();
    const changes: unknown[] = [];
    const other = 'temp/20261122/cccccccccccccccc_委托书.pdf';
    const field = (value: string) => <FileUploadField host={fake.host} value={value} onChange={(next) => changes.push(next)} />;
    const { rerender } = render(field(REPORT), { wrapper: NoMotion });
    expect(await screen.findByText('查勘报告.pdf')).toBeInTheDocument();
    rerender(field(other));
    expect(await screen.findByText('委托书.pdf')).toBeInTheDocument();
    expect(screen.queryByText('查勘报告.pdf')).not.toBeInTheDocument();
    rerender(field(''));
    await waitFor(() => expect(screen.queryByText('委托书.pdf')).not.toBeInTheDocument());
    expect(changes).toEqual([]);
  });
});
