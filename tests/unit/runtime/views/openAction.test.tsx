/**
 * ?action=add (the home page's 快捷入口 新增专家): the list page opens its add form at once, for a
 * user who may add, and takes the parameter out of the address.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { mayAdd, requestsAdd, withoutAction } from '../../../../runtime/views/openAction';
import { SchemaPage } from '../../../../runtime/views/SchemaPage';
import expertDocument from '../../../../schemas/pages/maintenance/expert.json';
import { createFakeHost, ok, type FakeHost } from '../list/fakeHost';

const loaded = loadPageSchema(expertDocument, 'schemas/pages/maintenance/expert.json');
if (!loaded.ok) throw new Error('专家 loads');
const page = loaded.page;

function setup(initialSearch: string, permitted = true): FakeHost {
  const fake = createFakeHost();
  fake.host.hasPermission = (action) => permitted || !action.endsWith(':add');
  fake.respond((call) => (call.url.endsWith('/list') ? ok({ records: [], total: 0 }) : ok([])));
  function Routed() {
    const [search, setSearch] = useState(initialSearch);
    return (
      <>
        <output data-testid="search">{search}</output>
        <SchemaPage page={page} host={fake.host} location={{ search, setSearch }} />
      </>
    );
  }
  render(<Routed />);
  return fake;
}

describe('?action=add', () => {
  it('reads and removes the parameter, keeping the rest of the query', () => {
    expect(requestsAdd('?action=add')).toBe(true);
    expect(requestsAdd('?action=edit')).toBe(false);
    expect(withoutAction('?page=2&action=add')).toBe('?page=2');
    expect(withoutAction('?action=add')).toBe('');
  });

  it('opens 新增专家 over the list and leaves the address without it', async () => {
    setup('?page=2&action=add');
    expect(await screen.findByText('新增专家', { selector: '.ant-modal-title *, .ant-modal-title' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?page=2'));
  });

  it('opens nothing for a user who may not add (and still cleans the address)', async () => {
    const fake = setup('?action=add', false);
    expect(mayAdd(page, fake.host)).toBe(false);
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
    await waitFor(() => expect(fake.callsTo('get').length).toBeGreaterThan(0));
    expect(document.querySelector('.ant-modal')).toBeNull();
  });
});
