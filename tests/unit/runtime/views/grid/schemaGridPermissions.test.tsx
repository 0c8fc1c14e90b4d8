// The toolbar of a real grid page (工时登记) follows the signed-in user's permissions: without
// workHour:add there is no 新增 (nor its settings), without workHour:delete no 删除; 保存 stays.
import fs from 'node:fs';
import { render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { createDictService } from '../../../../../runtime/dict/dictService';
import type { Host } from '../../../../../runtime/host/types';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { SchemaGridPage } from '../../../../../runtime/views/grid/SchemaGridPage';
import { pretendLayout } from '../../../../support/pretendLayout';
import { createFakeHost, ok } from '../../list/fakeHost';

pretendLayout();

const ALL = ['workHour:list', 'workHour:add', 'workHour:edit', 'workHour:delete'];

/** 工时登记 with two saved rows, for a user holding `codes`. */
async function openAs(codes: readonly string[]) {
  const path = 'schemas/pages/cost/workHour.json';
  const loaded = loadPageSchema(JSON.parse(fs.readFileSync(path, 'utf8')), path);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const fake = createFakeHost();
  fake.respond((call) =>
    ok(call.url === '/cost/workHour/list' ? { records: [{ id: 'w1', remark: '备注1', hours: 1, orderNum: 1 }, { id: 'w2', remark: '备注2', hours: 2, orderNum: 2 }], total: 2 } : []),
  );
  const host: Host = { ...fake.host, hasPermission: (code) => codes.includes(code) };
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <SchemaGridPage page={loaded.page} host={host} dict={createDictService(fake.host)} />
    </ConfigProvider>,
  );
  await screen.findByText('1-2 共2条');
}

const toolbar = () => document.querySelector('.grid-toolbar') as HTMLElement;
const add = () => screen.queryByRole('button', { name: /^新\s*增$/ });
const addSettings = () => screen.queryByRole('button', { name: '新增设置' });
const remove = () => screen.queryByRole('button', { name: /^删\s*除$/ });
const save = () => screen.queryByRole('button', { name: /^保\s*存$/ });

describe('the toolbar of 工时登记', { timeout: 30_000 }, () => {
  it('offers 新增 with its settings, 保存 and 删除 to a user holding every code', async () => {
    await openAs(ALL);
    expect(toolbar()).toContainElement(add());
    expect(addSettings()).toBeInTheDocument();
    expect(save()).toBeInTheDocument();
    expect(remove()).toBeInTheDocument();
  });

  it('hides 新增 and its settings from a user without workHour:add', async () => {
    await openAs(ALL.filter((code) => code !== 'workHour:add'));
    expect(add()).toBeNull();
    expect(addSettings()).toBeNull();
    expect(save()).toBeInTheDocument();
    expect(remove()).toBeInTheDocument();
  });

  it('hides 删除 from a user without workHour:delete', async () => {
    await openAs(ALL.filter((code) => code !== 'workHour:delete'));
    expect(remove()).toBeNull();
    expect(add()).toBeInTheDocument();
    expect(save()).toBeInTheDocument();
  });
});
