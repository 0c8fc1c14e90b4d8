import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DictService } from '../../../../../runtime/dict/dictService';
import type { CellContext } from '../../../../../runtime/widgets/registry';
import { getCellRenderer } from '../../../../../runtime/widgets/registry';
import { registerUploadWidgets } from '../../../../../runtime/widgets/upload';
import { createFakeHost, type FakeHost } from '../../list/fakeHost';
import { fieldOf, PHOTO_1, REPORT } from './support';

beforeEach(() => {
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => `blob:cell-${(n += 1)}`), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCell(widget: 'upload' | 'image', value: unknown, fake: FakeHost = createFakeHost()) {
  registerUploadWidgets();
  const renderer = getCellRenderer(widget);
  if (!renderer) throw new Error(`no cell renderer for ${widget}`);
  const field = fieldOf(widget);
  const context: CellContext = {
    column: { field, dataIndex: field.name, title: field.label, ellipsis: 25, align: 'left', sortable: false },
    record: { files: value },
    index: 0,
    host: fake.host,
    dict: {} as DictService,
  };
  render(<>{renderer(value, context)}</>);
  return fake;
}

describe('file cell of list columns', () => {
  it("shows each file's name cut to 5 characters plus '…' and downloads it on click", async () => {
    const fake = createFakeHost();
    fake.respond(() => new Blob(['%PDF']));
    const user = userEvent.setup();
    renderCell('upload', `${REPORT},temp/20261122/bbbbbbbbbbbbbbbb_a.pdf`, fake);
    expect(screen.getByText('查勘报告.…')).toBeInTheDocument();
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下载 查勘报告.pdf' }));
    await waitFor(() => expect(fake.saved.map((s) => s.fileName)).toEqual(['查勘报告.pdf']));
    expect(fake.callsTo('getBlob')[0].url).toContain('/sys/common/static/temp/20261122/');
  });

  it('shows a picture of an image column as a small thumbnail', async () => {
    const fake = createFakeHost();
    fake.respond(() => new Blob(['png'], { type: 'image/png' }));
    renderCell('image', PHOTO_1, fake);
    const thumbnail = await screen.findByAltText('现场1.png', {}, { timeout: 5000 });
    expect(thumbnail).toHaveAttribute('src', 'blob:cell-1');
    expect(thumbnail).toHaveAttribute('width', '32');
  });

  it('shows a file that is not a picture in an image column as a link, and nothing for an empty value', () => {
    renderCell('image', REPORT);
    expect(screen.getByText('查勘报告.…')).toBeInTheDocument();
    const { container } = render(<>{getCellRenderer('upload')?.('', {} as CellContext)}</>);
    expect(container).toBeEmptyDOMElement();
  });
});
