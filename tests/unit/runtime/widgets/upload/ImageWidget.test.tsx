import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeHost } from '../../list/fakeHost';
import { preloadUploadWidgets, fieldOf, fileInput, pdf, PHOTO_1, PHOTO_2, png, refused, renderWidget, stored } from './support';

beforeAll(preloadUploadWidgets, 30_000);

const NEW_PHOTO = 'temp/20261122/3333333333333333_照片.png';

// jsdom has no object URLs; hand out readable ones and record what is revoked.
let revoked: string[] = [];
beforeEach(() => {
  let n = 0;
  revoked = [];
  vi.stubGlobal('URL', Object.assign(URL, {
    createObjectURL: vi.fn(() => `blob:picture-${(n += 1)}`),
    revokeObjectURL: vi.fn((url: string) => revoked.push(url)),
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const cards = () => screen.getAllByTestId('upload-image-card');

describe('image widget (picture mode)', () => {
  it('shows the pictures of an existing value as thumbnails fetched through the Host', async () => {
    const fake = createFakeHost();
    fake.respond(() => new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }));
    renderWidget(fieldOf('image'), `${PHOTO_1},${PHOTO_2}`, fake);
    // The first render of antd's picture components takes a while in jsdom.
    expect(await screen.findByAltText('现场1.png', {}, { timeout: 5000 })).toHaveAttribute('src', expect.stringMatching(/^blob:picture-/));
    expect(await screen.findByAltText('现场2.png')).toBeInTheDocument();
    expect(fake.callsTo('getBlob').map((c) => c.url).sort()).toEqual([
      `/sys/common/static/temp/20261122/${encodeURIComponent('1111111111111111_现场1.png')}`,
      `/sys/common/static/temp/20261122/${encodeURIComponent('2222222222222222_现场2.png')}`,
    ]);
    expect(screen.getByText('上传')).toBeInTheDocument();
  });

  it("fetches nothing for a value whose path climbs out ('../', %2e%2e): no API call with the session", async () => {
    const fake = createFakeHost();
    fake.respond(() => new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }));
    renderWidget(fieldOf('image'), `../../sys/user/list.png,%2e%2e/%2e%2e/sys/user/queryById.png,${PHOTO_1}`, fake);
    expect(await screen.findByAltText('现场1.png', {}, { timeout: 5000 })).toHaveAttribute('src', expect.stringMatching(/^blob:picture-/));
    expect(fake.callsTo('getBlob').map((c) => c.url)).toEqual([`/sys/common/static/temp/20261122/${encodeURIComponent('1111111111111111_现场1.png')}`]);
  });

  it("refuses a file that is not a picture with '请上传图片' and sends nothing", async () => {
    const fake = createFakeHost();
    const user = userEvent.setup({ applyAccept: false });
    const { container, changes } = renderWidget(fieldOf('image'), '', fake);
    await screen.findByText('上传');
    expect(fileInput(container)).toHaveAttribute('accept', 'image/*');
    await user.upload(fileInput(container), pdf('说明.pdf'));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '请上传图片' }));
    expect(fake.callsTo('upload')).toHaveLength(0);
    expect(changes).toEqual([]);
  });

  it('uploads a picture, shows it from the local file and emits its path', async () => {
    const fake = createFakeHost();
    fake.respond(() => stored(NEW_PHOTO));
    const user = userEvent.setup();
    const { container, changes } = renderWidget(fieldOf('image'), PHOTO_1, fake);
    await screen.findByAltText('现场1.png');
    await user.upload(fileInput(container), png());
    await waitFor(() => expect(changes).toEqual([`${PHOTO_1},${NEW_PHOTO}`]));
    expect(await screen.findByAltText('照片.png')).toBeInTheDocument();
    expect(fake.callsTo('upload')[0].options).toMatchObject({ fields: { isup: '1', biz: 'temp' } });
    // The new picture is not fetched back: the chosen file is shown.
    expect(fake.callsTo('getBlob')).toHaveLength(1);
  });

  it("marks a refused picture '上传失败' and opens '上传出错' with the server's message", async () => {
    const fake = createFakeHost();
    fake.respond(() => refused('文件内容与扩展名 .png 不符，已拒绝上传'));
    const user = userEvent.setup();
    const { container, changes } = renderWidget(fieldOf('image'), '', fake);
    await screen.findByText('上传');
    await user.upload(fileInput(container), png('假图.png'));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'error', text: '文件内容与扩展名 .png 不符，已拒绝上传' }));
    const failed = await screen.findByRole('button', { name: '假图.png' });
    await user.hover(failed);
    expect(await screen.findByText('上传失败')).toBeInTheDocument();
    await user.click(failed);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('上传出错')).toBeInTheDocument();
    expect(within(dialog).getByText('错误信息：文件内容与扩展名 .png 不符，已拒绝上传')).toBeInTheDocument();
    expect(changes).toEqual([]);
  });

  it("reorders pictures and refuses moves past the ends with '未知的操作' and '已到最后~'", async () => {
    const fake = createFakeHost();
    fake.respond(() => new Blob(['x'], { type: 'image/png' }));
    const user = userEvent.setup();
    const { changes } = renderWidget(fieldOf('image'), `${PHOTO_1},${PHOTO_2}`, fake);
    await screen.findByAltText('现场2.png');

    await user.click(within(cards()[0]).getByRole('button', { name: '左移' }));
    expect(fake.notices).toContainEqual({ kind: 'warning', text: '未知的操作' });
    await user.click(within(cards()[1]).getByRole('button', { name: '右移' }));
    expect(fake.notices).toContainEqual({ kind: 'warning', text: '已到最后~' });
    expect(changes).toEqual([]);

    await user.click(within(cards()[0]).getByRole('button', { name: '右移' }));
    expect(changes).toEqual([`${PHOTO_2},${PHOTO_1}`]);
    expect(cards()[0]).toHaveAttribute('title', '现场2.png');
  });

  it('removes a picture and hides the trigger once maxCount pictures are kept', async () => {
    const fake = createFakeHost();
    fake.respond(() => new Blob(['x'], { type: 'image/png' }));
    const user = userEvent.setup();
    const { changes, unmount } = renderWidget(fieldOf('image', { maxCount: 2 }), `${PHOTO_1},${PHOTO_2}`, fake);
    await screen.findByAltText('现场1.png');
    expect(screen.queryByText('上传')).not.toBeInTheDocument();
    await user.click(within(cards()[0]).getByRole('button', { name: '删除' }));
    expect(changes).toEqual([PHOTO_2]);
    expect(screen.getByText('上传')).toBeInTheDocument();
    unmount();
    // Object URLs of the thumbnails are released.
    expect(revoked.length).toBeGreaterThanOrEqual(2);
  });
});
