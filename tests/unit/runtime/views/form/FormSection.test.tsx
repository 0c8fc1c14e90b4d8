import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import insuranceCompanyDocument from '../../../../../schemas/pages/maintenance/insuranceCompany.json';
import { registerFormilyCompiler } from '../../../../../runtime/expr/formilyCompiler';
import { FormModal } from '../../../../../runtime/views/form/FormModal';
import { labelWidthFor } from '../../../../../runtime/views/form/FormSection';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { createFakeHost, ok } from '../../list/fakeHost';
import { claimDocument, compile } from './fixtures';

function insuranceCompanyPage() {
  const result = loadPageSchema(insuranceCompanyDocument, 'schemas/pages/maintenance/insuranceCompany.json');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

/** Opens the add modal of a page and returns the label column element of the field labelled `label`. */
async function labelColumnOf(page: Parameters<typeof FormModal>[0]['page'], label: string): Promise<HTMLElement> {
  const fake = createFakeHost();
  fake.respond(() => ok([]));
  render(<FormModal page={page} host={fake.host} mode="add" open onClose={() => undefined} onSaved={() => undefined} />);
  const dialog = await screen.findByRole('dialog');
  const text = await within(dialog).findByText(label, {}, { timeout: 10_000 });
  const column = text.closest('.ant-formily-item-label');
  if (!(column instanceof HTMLElement)) throw new Error(`no label column for ${label}`);
  return column;
}

describe('label column of grouped forms', { timeout: 30_000 }, () => {
  beforeAll(() => {
    registerFormilyCompiler();
  });

  it('keeps 110 px for short labels and widens to fit up to 8 CJK characters', () => {
    expect(labelWidthFor(['姓名', '联系电话'])).toBe(110);
    expect(labelWidthFor(['统一社会信用代码'])).toBe(144);
    expect(labelWidthFor(['SMTP服务器'])).toBe(110);
    // Longer labels do not widen the column further: they wrap.
    expect(labelWidthFor(['小时费用(元/小时)', '姓名'])).toBe(144);
    expect(labelWidthFor([])).toBe(110);
  });

  it('shows 统一社会信用代码 whole in the insurance company form, every section aligned', async () => {
    const column = await labelColumnOf(insuranceCompanyPage(), '统一社会信用代码');
    expect(column).toHaveStyle({ width: '144px' });
    // Not cut with an ellipsis tooltip: the label may wrap rather than overflow.
    expect(column.closest('.ant-formily-item')).toHaveClass('ant-formily-item-label-wrap');
    const contact = (await screen.findByText('联系电话')).closest('.ant-formily-item-label');
    expect(contact).toHaveStyle({ width: '144px' });
  });

  it('leaves a form of short labels at 110 px', async () => {
    const column = await labelColumnOf(compile(claimDocument()), '案件名称');
    expect(column).toHaveStyle({ width: '110px' });
  });
});
