import { render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import expertDocument from '../../../../schemas/pages/examples/expert.json';
import { setRequestHost } from '../../../../src/api/requestHost';
import SchemaRoute, { resolveSchemaPage } from '../../../../src/pages/SchemaRoute';
import { hasSchemaDocument } from '../../../../src/pages/schemaDocuments';
import { dictService } from '../../../../src/runtimeHost';
import { hasView } from '../../../../src/router/viewRegistry';
import { useSession } from '../../../../src/store/session';
import { envelope, installFakeNetwork } from './fakeNetwork';

let network: ReturnType<typeof installFakeNetwork>;
let restoreHost: () => void;

beforeEach(() => {
  window.localStorage.clear();
  network = installFakeNetwork((config) =>
    config.url === '/maintenance/expert/list'
      ? { status: 200, data: envelope({ records: [{ id: '1', expertName: '周工', sex: '1', sex_dictText: '男' }], total: 1 }) }
      : { status: 200, data: envelope([]) },
  );
  restoreHost = setRequestHost({ notifyError: () => undefined });
  useSession.getState().applyPermissions({ menu: [], auth: [{ action: 'expert:add', type: '1' }], allAuth: [] });
});

afterEach(() => {
  network.restore();
  restoreHost();
  dictService.clear();
});

function renderRoute(viewKey: string, loaders?: Record<string, () => Promise<unknown>>) {
  return render(
    <AntApp>
      <MemoryRouter initialEntries={['/maintenance/expert?q.expertName=%E5%91%A8']}>
        <SchemaRoute viewKey={viewKey} loaders={loaders} />
      </MemoryRouter>
    </AntApp>,
  );
}

describe('schema/<module>/<entity> view keys', { timeout: 30_000 }, () => {
  it('resolve to the shipped page documents, never to the examples', async () => {
    expect(hasSchemaDocument('schema/maintenance/area')).toBe(true);
    expect(hasView('schema/maintenance/area')).toBe(true);
    expect(hasSchemaDocument('schema/examples/expert')).toBe(false);
    expect(hasView('schema/maintenance/nothing')).toBe(false);
    expect(hasView('constructor')).toBe(false);
    const area = await resolveSchemaPage('schema/maintenance/area');
    expect(area).toMatchObject({ kind: 'loaded', source: 'schemas/pages/maintenance/area.json', result: { ok: true } });
    expect(await resolveSchemaPage('schema/examples/expert')).toEqual({ kind: 'missing', source: 'schemas/pages/examples/expert.json' });
  });

  it('render the page from its document with the query taken from the URL', async () => {
    renderRoute('schema/maintenance/expert', { '/schemas/pages/maintenance/expert.json': () => Promise.resolve(expertDocument) });
    expect(await screen.findByText('周工')).toBeInTheDocument();
    const list = network.sent.find((config) => config.url === '/maintenance/expert/list');
    expect(list?.params).toMatchObject({ expertName: '*周*', column: 'createTime', order: 'desc' });
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it('send the list request as soon as the page has compiled, before it renders, and only once', async () => {
    const tableWhenSent: boolean[] = [];
    network.restore();
    network = installFakeNetwork((config) => {
      if (config.url !== '/maintenance/expert/list') return { status: 200, data: envelope([]) };
      tableWhenSent.push(document.querySelector('.ant-table') !== null);
      return { status: 200, data: envelope({ records: [{ id: '1', expertName: '周工', sex: '1', sex_dictText: '男' }], total: 1 }) };
    });
    renderRoute('schema/maintenance/expert', { '/schemas/pages/maintenance/expert.json': () => Promise.resolve(expertDocument) });
    expect(await screen.findByText('周工')).toBeInTheDocument();
    expect(tableWhenSent).toEqual([false]);
  });

  it('show a broken document as its file, JSON pointer and message instead of the page', async () => {
    const broken = { ...expertDocument, fields: [{ ...expertDocument.fields[0], type: 'strin' }, ...expertDocument.fields.slice(1)] };
    renderRoute('schema/maintenance/expert', { '/schemas/pages/maintenance/expert.json': () => Promise.resolve(broken) });
    expect(await screen.findByText('页面定义有误')).toBeInTheDocument();
    expect(screen.getByText('schemas/pages/maintenance/expert.json')).toBeInTheDocument();
    expect(screen.getByText('/fields/0/type')).toBeInTheDocument();
    expect(network.sent.some((config) => config.url === '/maintenance/expert/list')).toBe(false);
  });

  it('say so when the document does not exist or cannot be loaded', async () => {
    const view = renderRoute('schema/maintenance/nothing', {});
    expect(await screen.findByText('页面定义不存在')).toBeInTheDocument();
    expect(screen.getByText('schemas/pages/maintenance/nothing.json')).toBeInTheDocument();
    view.unmount();
    renderRoute('schema/maintenance/expert', { '/schemas/pages/maintenance/expert.json': () => Promise.reject(new Error('网络中断')) });
    await waitFor(() => expect(screen.getByText('页面定义加载失败')).toBeInTheDocument());
    expect(screen.getByText(/网络中断/)).toBeInTheDocument();
  });
});
