/**
 * list.addView: the toolbar's 新增 opens the registered view with no row instead of the add form
 * (报表配置 → onlineReportDesigner); ?action=add does the same.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { SchemaPage } from '../../../../../runtime/views/SchemaPage';
import expertDocument from '../../../../../schemas/pages/maintenance/expert.json';
import { createFakeHost, ok } from '../../list/fakeHost';

function pageWith(addView: string | undefined) {
  const doc = { ...expertDocument, list: { ...expertDocument.list, ...(addView ? { addView } : {}) } };
  const loaded = loadPageSchema(doc, 'schemas/pages/maintenance/expert.json');
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.pointer} ${e.message}`).join('；'));
  return loaded.page;
}

function setup(addView: string | undefined, initialSearch = '') {
  const fake = createFakeHost();
  fake.respond((call) => (call.url.endsWith('/list') ? ok({ records: [], total: 0 }) : ok([])));
  const page = pageWith(addView);
  function Routed() {
    const [search, setSearch] = useState(initialSearch);
    return <SchemaPage page={page} host={fake.host} location={{ search, setSearch }} />;
  }
  render(<Routed />);
  return fake;
}

describe('list.addView', () => {
  it('新增 opens the named view with no row', async () => {
    const user = userEvent.setup();
    setup('onlineReportDesigner');
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    expect(await screen.findByText('新增报表')).toBeInTheDocument();
    expect(screen.queryByText('新增专家')).toBeNull();
    expect(screen.getByLabelText('报表编码')).toHaveValue('');
  });

  it('?action=add opens it too', async () => {
    setup('onlineReportDesigner', '?action=add');
    expect(await screen.findByText('新增报表')).toBeInTheDocument();
  });

  it('without it 新增 opens the add form as before', async () => {
    const user = userEvent.setup();
    setup(undefined);
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    expect(await screen.findByText('新增专家', { selector: '.ant-modal-title *, .ant-modal-title' })).toBeInTheDocument();
  });

  it('the meta-schema refuses a view that is not registered', () => {
    const doc = { ...expertDocument, list: { ...expertDocument.list, addView: 'noSuchView' } };
    const loaded = loadPageSchema(doc, 'schemas/pages/maintenance/expert.json');
    expect(loaded.ok).toBe(false);
  });
});
