/**
 * `schema/<module>/<entity>/<view>` menu keys: the page opened limited to one of its named views — every
 * list request names the view (the server applies its filter) and the header shows the view's title
 * with the list's total; a view the document does not declare is shown as missing, not as every row.
 */
import { render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import expertDocument from '../../../../schemas/pages/examples/expert.json';
import { setRequestHost } from '../../../../src/api/requestHost';
import SchemaRoute from '../../../../src/pages/SchemaRoute';
import { hasSchemaDocument, parseSchemaViewKey } from '../../../../src/pages/schemaDocuments';
import { dictService } from '../../../../src/runtimeHost';
import { hasView } from '../../../../src/router/viewRegistry';
import { useSession } from '../../../../src/store/session';
import { envelope, installFakeNetwork } from './fakeNetwork';

let network: ReturnType<typeof installFakeNetwork>;
let restoreHost: () => void;

const withViews = { ...expertDocument, views: [{ key: 'men', title: '男专家', filter: [{ field: 'sex', op: 'eq', value: '1' }] }] };
const loaders = { '/schemas/pages/maintenance/expert.json': () => Promise.resolve(withViews) };

beforeEach(() => {
  network = installFakeNetwork((config) =>
    config.url === '/maintenance/expert/list'
      ? { status: 200, data: envelope({ records: [{ id: '1', expertName: '周工' }, { id: '2', expertName: '吴工' }], total: 23 }) }
      : { status: 200, data: envelope([]) },
  );
  restoreHost = setRequestHost({ notifyError: () => undefined });
  useSession.getState().applyPermissions({ menu: [], auth: [], allAuth: [] });
});

afterEach(() => {
  network.restore();
  restoreHost();
  dictService.clear();
});

function renderRoute(viewKey: string) {
  return render(
    <AntApp>
      <MemoryRouter initialEntries={['/maintenance/men']}>
        <SchemaRoute viewKey={viewKey} loaders={loaders} />
      </MemoryRouter>
    </AntApp>,
  );
}

describe('schema view keys with a named view', { timeout: 30_000 }, () => {
  it('parse into module, entity and view; anything else is not a schema key', () => {
    expect(parseSchemaViewKey('schema/receive/receive')).toEqual({ module: 'receive', entity: 'receive' });
    expect(parseSchemaViewKey('schema/receive/receive/waitReceipt')).toEqual({ module: 'receive', entity: 'receive', view: 'waitReceipt' });
    expect(parseSchemaViewKey('schema/receive/receive/handle/more')).toBeUndefined();
    expect(parseSchemaViewKey('schema/receive/receive/Bad-view')).toBeUndefined();
    expect(parseSchemaViewKey('receive/ReceiveHandleList')).toBeUndefined();
    expect(hasSchemaDocument('schema/receive/receive/handle')).toBe(true);
    expect(hasView('schema/cost/caseCost/approve')).toBe(true);
    expect(hasView('schema/receive/nothing/handle')).toBe(false);
  });

  it('open the page limited to the view: the list request names it, the header counts its rows', async () => {
    renderRoute('schema/maintenance/expert/men');
    expect(await screen.findByText('周工')).toBeInTheDocument();
    expect(await screen.findByText('男专家 · 共 23 件')).toBeInTheDocument();
    const list = network.sent.find((config) => config.url === '/maintenance/expert/list');
    expect(list?.params).toMatchObject({ view: 'men' });
  });

  it('say 超过10000 件 in the header when the server stopped counting, not its lower bound', async () => {
    network.restore();
    network = installFakeNetwork((config) =>
      config.url === '/maintenance/expert/list'
        ? { status: 200, data: envelope({ records: [{ id: '1', expertName: '周工' }], total: 10011, totalExact: false }) }
        : { status: 200, data: envelope([]) },
    );
    renderRoute('schema/maintenance/expert/men');
    expect(await screen.findByText('男专家 · 共 超过10000 件')).toBeInTheDocument();
    expect(screen.queryByText(/10011/)).toBeNull();
  });

  it('say so when the document declares no such view, and ask for no rows', async () => {
    renderRoute('schema/maintenance/expert/women');
    expect(await screen.findByText('页面视图不存在')).toBeInTheDocument();
    expect(screen.getByText('women')).toBeInTheDocument();
    expect(network.sent.some((config) => config.url === '/maintenance/expert/list')).toBe(false);
  });
});
