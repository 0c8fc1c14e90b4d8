import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Host } from '../../../../runtime/host/types';
import { setRequestHost } from '../../../../src/api/requestHost';
import { dictService, useRuntimeHost } from '../../../../src/runtimeHost';
import { endSession, refreshDictCache } from '../../../../src/store/auth';
import { useSession } from '../../../../src/store/session';
import { UI_CACHE_DB_DICT_DATA, localStore } from '../../../../src/store/storage';
import { envelope, installFakeNetwork, type Responder } from './fakeNetwork';

let network: ReturnType<typeof installFakeNetwork>;
let respond: Responder;
let restoreHost: () => void;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  respond = () => ({ status: 200, data: envelope() });
  network = installFakeNetwork((config) => respond(config));
  restoreHost = setRequestHost({ notifyError: () => undefined, logout: () => Promise.resolve(), reload: () => undefined });
  useSession.getState().applyPermissions({ menu: [], auth: [], allAuth: [] });
});

afterEach(() => {
  network.restore();
  restoreHost();
  dictService.clear();
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** Renders the hook inside the app's providers and hands out the host. */
function renderHost(): { current: () => Host } {
  let host: Host | undefined;
  function Probe() {
    const current = useRuntimeHost();
    useEffect(() => {
      host = current;
    });
    return null;
  }
  render(
    <AntApp>
      <MemoryRouter initialEntries={['/maintenance/expert']}>
        <Probe />
        <Where />
      </MemoryRouter>
    </AntApp>,
  );
  return { current: () => host as Host };
}

describe('the web host of the page interpreter', () => {
  it('answers permission checks from the session, a switched-off rule granting nothing', () => {
    useSession.getState().applyPermissions({
      menu: [],
      auth: [
        { action: 'expert:add', type: '1' },
        { action: 'expert:exportXls', type: '1' },
      ],
      allAuth: [{ action: 'expert:exportXls', type: '1', status: '0' }],
    });
    const host = renderHost();
    expect(host.current().hasPermission('expert:add')).toBe(true);
    expect(host.current().hasPermission('expert:delete')).toBe(false);
    expect(host.current().hasPermission('expert:exportXls')).toBe(false);
  });

  it('sends GETs through the request layer, signing them when asked', async () => {
    const host = renderHost().current();
    await host.request.get('/maintenance/expert/list', { pageNo: 1 });
    await host.request.get('/sys/dict/getDictItems/sex', undefined, { signed: true });
    expect(network.sent[0].url).toBe('/maintenance/expert/list');
    expect(network.sent[0].params).toMatchObject({ pageNo: 1 });
    expect(network.sent[0].headers.has('X-Sign')).toBe(false);
    expect(network.sent[1].headers.has('X-Sign')).toBe(true);
  });

  it('resolves business failures and rejects transport failures with the server message', async () => {
    const host = renderHost().current();
    respond = () => ({ status: 200, data: envelope(null, '名称已存在', false) });
    await expect(host.request.post('/maintenance/expert/add', { expertName: 'x' })).resolves.toMatchObject({
      success: false,
      message: '名称已存在',
    });
    respond = () => ({ status: 500, data: envelope(null, '服务器出错了', false) });
    await expect(host.request.delete('/maintenance/expert/delete', { id: '1' })).rejects.toMatchObject({ status: 500 });
  });

  it('uploads several files in one request under the field asked for, with extra fields', async () => {
    const host = renderHost().current();
    const files = [new File(['a'], 'one.xlsx'), new File(['b'], 'two.xls')];
    await host.request.upload('/maintenance/expert/importExcel', files, { fileField: 'files[]', fields: { biz: 'temp' } });
    const form = network.sent[0].data as FormData;
    expect(network.sent[0].method).toBe('post');
    expect((form.getAll('files[]') as File[]).map((file) => file.name)).toEqual(['one.xlsx', 'two.xls']);
    expect(form.get('biz')).toBe('temp');
  });

  it('asks through a confirmation dialog: 确定 resolves true, 取消 false', async () => {
    const host = renderHost().current();
    const yes = host.confirm({ title: '确认删除', content: '是否删除选中数据?', danger: true });
    expect(await screen.findByText('是否删除选中数据?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await expect(yes).resolves.toBe(true);
    const no = host.confirm({ title: '确认删除', content: '再问一次' });
    await screen.findByText('再问一次');
    await userEvent.click(screen.getAllByRole('button', { name: /取\s*消/ }).at(-1) as HTMLElement);
    await expect(no).resolves.toBe(false);
  });

  it('navigates with the router', async () => {
    const host = renderHost().current();
    host.navigate({ path: '/maintenance/currency', search: '?page=2' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/maintenance/currency?page=2'));
  });

  it("stores in the app's pro__ localStorage wrapper", () => {
    const host = renderHost().current();
    host.storage.set('probe', { a: 1 }, 60_000);
    expect(localStore.get('probe')).toEqual({ a: 1 });
    localStore.set('other', 'x');
    expect(host.storage.get('other')).toBe('x');
  });
});

describe("the app's dictionary service", () => {
  it('is replaced by 清理缓存 and forgotten at logout', async () => {
    dictService.seed({ sex: [{ value: '1', text: '男' }] });
    respond = (config) =>
      config.url?.includes('queryAllDictItems')
        ? { status: 200, data: envelope({ sex: [{ value: '1', text: '男性' }], yn: [{ value: 'Y', text: '是' }] }) }
        : { status: 200, data: envelope() };
    await refreshDictCache();
    expect(dictService.textOf('sex', 1)).toBe('男性');
    expect(dictService.cachedItems('yn')).toEqual([{ value: 'Y', text: '是' }]);
    await endSession();
    expect(dictService.cachedItems('sex')).toBeUndefined();
    expect(localStore.get(UI_CACHE_DB_DICT_DATA)).toBeNull();
  });
});
