import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UploadPopup } from '../../../../../runtime/widgets/upload';
import { createFakeHost } from '../../list/fakeHost';
import { fileInput, NoMotion, pdf, REPORT, stored } from './support';

const NEW_PATH = 'temp/20261122/aaaaaaaaaaaaaaaa_定损单.pdf';

function open(props: { image?: boolean; value?: unknown } = {}) {
  const fake = createFakeHost();
  const onOk = vi.fn();
  const onCancel = vi.fn();
  const view = render(<UploadPopup open host={fake.host} image={props.image} value={props.value ?? ''} onOk={onOk} onCancel={onCancel} />, {
    wrapper: NoMotion,
  });
  return { ...view, fake, onOk, onCancel };
}

describe('upload popup', () => {
  it('is titled 文件上传 or 图片上传 and 520 wide', async () => {
    const { unmount } = open();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('文件上传')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal')).toHaveStyle({ width: '520px' });
    unmount();
    open({ image: true });
    expect(await screen.findByText('图片上传')).toBeInTheDocument();
  });

  it("says '未上传任何文件' when confirmed empty and stays open", async () => {
    const user = userEvent.setup();
    const { fake, onOk } = open();
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(fake.notices).toContainEqual({ kind: 'warning', text: '未上传任何文件' });
    expect(onOk).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('hands over the uploaded files on confirm and nothing on cancel', async () => {
    const user = userEvent.setup();
    const { fake, onOk, onCancel } = open({ value: REPORT });
    fake.respond(() => stored(NEW_PATH));
    await screen.findByText('查勘报告.pdf');
    await user.upload(fileInput(document.body), pdf());
    await screen.findByText('定损单.pdf');
    await waitFor(() => expect(fake.callsTo('upload')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onOk).toHaveBeenCalledWith(`${REPORT},${NEW_PATH}`));
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onCancel).toHaveBeenCalled();
  });
});
