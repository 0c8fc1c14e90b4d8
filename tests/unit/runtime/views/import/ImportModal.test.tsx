import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../../../runtime/host/types';
import { ImportModal } from '../../../../../runtime/views/import/ImportModal';
import { createFakeHost, fail, ok, type Answer, type RecordedCall } from '../../list/fakeHost';
import { compile, expertLikeDocument } from '../form/fixtures';

const page = compile(expertLikeDocument());
const XLSX_BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);

function excel(name: string): File {
  return new File([XLSX_BYTES], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

function setup(respond: (call: RecordedCall) => Answer = () => ok(null)) {
  const fake = createFakeHost();
  fake.respond(respond);
  const onClose = vi.fn();
  const onImported = vi.fn();
  render(<ImportModal page={page} host={fake.host} open onClose={onClose} onImported={onImported} />);
  const dialog = screen.getByRole('dialog');
  const fileInput = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  const startButton = () => within(dialog).getByRole('button', { name: /开始上传|上传中/ });
  return { fake, onClose, onImported, dialog, fileInput, startButton };
}

describe('ImportModal (导入EXCEL)', () => {
  it('is 600 wide, accepts .xls/.xlsx, several files, and keeps 开始上传 disabled until one is chosen', async () => {
    const user = userEvent.setup();
    const { dialog, fileInput, startButton } = setup();
    expect(within(dialog).getByText('导入EXCEL')).toBeInTheDocument();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('600px');
    expect(fileInput.accept).toBe('.xls,.xlsx');
    expect(fileInput.multiple).toBe(true);
    expect(startButton()).toBeDisabled();
    await user.upload(fileInput, [excel('专家.xlsx'), excel('旧表.xls')]);
    expect(await within(dialog).findByText('专家.xlsx')).toBeInTheDocument();
    expect(within(dialog).getByText('旧表.xls')).toBeInTheDocument();
    expect(startButton()).toBeEnabled();
  });

  it('refuses other file types with a clear message', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { fake, dialog, fileInput, startButton } = setup();
    await user.upload(fileInput, new File(['x'], '说明.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '说明.pdf 不是 Excel 文件，只能导入 .xls 或 .xlsx 格式' }));
    expect(within(dialog).queryByText('说明.pdf')).toBeNull();
    expect(startButton()).toBeDisabled();
  });

  it('lets a chosen file be removed again', async () => {
    const user = userEvent.setup();
    const { dialog, fileInput, startButton } = setup();
    await user.upload(fileInput, excel('专家.xlsx'));
    await user.click(await within(dialog).findByRole('button', { name: /删除|remove|delete/i }));
    // antd animates the row out (never finishing in jsdom); the chosen list is what counts.
    await waitFor(() => expect(startButton()).toBeDisabled());
  });

  it('imported: uploads every file under files[], shows the message, reports and closes', async () => {
    const user = userEvent.setup();
    const { fake, fileInput, startButton, onImported, onClose } = setup((call) =>
      call.url === '/test/witness/importExcel' ? ok(null, '文件导入成功！数据行数：2') : ok(null),
    );
    await user.upload(fileInput, [excel('a.xlsx'), excel('b.xls')]);
    await user.click(startButton());
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    const [upload] = fake.callsTo('upload', '/test/witness/importExcel');
    expect((upload.body as File[]).map((file) => file.name)).toEqual(['a.xlsx', 'b.xls']);
    expect(upload.options).toMatchObject({ fileField: 'files[]' });
    expect(fake.notices).toContainEqual({ kind: 'success', text: '文件导入成功！数据行数：2' });
  });

  it('rows refused (201): stays open with the server message and a link downloading the error file', async () => {
    const user = userEvent.setup();
    const message = '文件导入失败，第2行…共1行有错误，请下载错误文件修改后重新导入';
    const answer: Envelope<unknown> = {
      success: true,
      code: 201,
      message,
      result: { fileUrl: '/test/witness/importErrorFile?key=k1', fileName: '错误数据.xlsx', msg: '' },
      timestamp: 0,
    };
    const errorBook = new Blob([XLSX_BYTES]);
    const { fake, dialog, fileInput, startButton, onImported, onClose } = setup((call) => {
      if (call.url === '/test/witness/importExcel') return answer;
      if (call.url === '/test/witness/importErrorFile') return errorBook;
      return ok(null);
    });
    await user.upload(fileInput, excel('a.xlsx'));
    await user.click(startButton());
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByText(/具体详情请/)).toBeInTheDocument();
    expect(onImported).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByText('点击下载'));
    await waitFor(() => expect(fake.saved).toHaveLength(1));
    expect(fake.callsTo('getBlob', '/test/witness/importErrorFile')[0].params).toEqual({ key: 'k1' });
    expect(fake.saved[0].fileName).toBe('错误数据.xlsx');
  });

  it('other failures: "<file> <message>." per file, or 文件上传失败 when the request fails', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { fake, fileInput, startButton, onClose } = setup((call) => {
      if (call.url !== '/test/witness/importExcel') return ok(null);
      if (refuse) return fail('模板不正确');
      throw new Error('Network Error');
    });
    await user.upload(fileInput, excel('a.xlsx'));
    await user.click(startButton());
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: 'a.xlsx 模板不正确.' }));
    refuse = false;
    await user.click(startButton());
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '文件上传失败' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('downloads the import template', async () => {
    const user = userEvent.setup();
    const { fake, dialog } = setup((call) => (call.url === '/test/witness/exportXlsTemplate' ? new Blob([XLSX_BYTES]) : ok(null)));
    await user.click(within(dialog).getByText('下载导入模板'));
    await waitFor(() => expect(fake.saved).toHaveLength(1));
    expect(fake.saved[0].fileName).toBe('证人导入模板.xlsx');
  });
});
