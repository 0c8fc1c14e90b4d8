import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { OnlineReportDesigner } from '../../../../../runtime/views/onlineReport/OnlineReportDesigner';
import { createFakeHost, fail, ok, type RecordedCall } from '../../list/fakeHost';

const root = path.resolve(__dirname, '../../../../..');
// Any page serves: the designer reads only its dbSource field's dictionary (none here: the main database only).
const page = (() => {
  const source = 'schemas/pages/sys/dataSource.json';
  const result = loadPageSchema(JSON.parse(fs.readFileSync(path.join(root, source), 'utf8')), source);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('；'));
  return result.page;
})();

const SQL = 'select insurer_name, count(*) as case_count from biz_receive where receive_date >= ${since} group by insurer_name';
const PARSED = {
  columns: [
    { fieldName: 'insurer_name', fieldType: 'String' },
    { fieldName: 'case_count', fieldType: 'Integer' },
  ],
  params: ['since'],
};
const SAVED = {
  head: { id: 'r1', code: 'case_by_insurer', name: '委托方案件统计', cgrSql: SQL, dbSource: null },
  items: [
    { fieldName: 'insurer_name', fieldTxt: '委托方', fieldType: 'String', isShow: 1, isOrder: 0, isSearch: 1, isTotal: '0', searchMode: 'single', orderNum: 1 },
    { fieldName: 'case_count', fieldTxt: '案件数', fieldType: 'Integer', isShow: 1, isOrder: 1, isSearch: 0, isTotal: '1', searchMode: 'single', orderNum: 2 },
  ],
  params: [{ paramName: 'since', paramTxt: '起始日期', paramValue: '2026-01-01', orderNum: 1 }],
};

function designer(respond: (call: RecordedCall) => ReturnType<typeof ok> | ReturnType<typeof fail>, row: Record<string, unknown> = {}) {
  const fake = createFakeHost();
  fake.respond(respond);
  const onClose = vi.fn();
  const onChanged = vi.fn();
  render(<OnlineReportDesigner page={page} host={fake.host} row={row} title="编辑" onClose={onClose} onChanged={onChanged} />);
  return { fake, onClose, onChanged };
}

/** Typing character by character is slow in jsdom: the text is pasted into the emptied box. */
async function fill(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.clear(box);
  await user.click(box);
  await user.paste(text);
}

describe('报表配置 designer', () => {
  it('offers 解析SQL and 预览 only to holders of onlCgreport:parse and onlCgreport:preview', () => {
    const fake = createFakeHost();
    fake.host.hasPermission = (code) => code !== 'onlCgreport:parse' && code !== 'onlCgreport:preview';
    render(<OnlineReportDesigner page={page} host={fake.host} row={{}} title="新增" onClose={() => undefined} />);
    expect(screen.getByText('新增报表')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '解析SQL' })).toBeNull();
    expect(screen.queryByRole('button', { name: /预\s*览/ })).toBeNull();
  });

  it('designs a new report: 解析SQL fills the columns and params, a title is typed, 保存 posts it all', async () => {
    const user = userEvent.setup();
    const { fake, onClose, onChanged } = designer((call) => {
      if (call.url === '/online/cgreportHead/parseSql') return ok(PARSED);
      if (call.url === '/online/cgreportHead/saveAll') return ok(null, '添加成功！');
      return fail('未知请求');
    });
    expect(screen.getByText('新增报表')).toBeTruthy();
    await fill(user, screen.getByLabelText('报表编码'), 'case_by_insurer');
    await fill(user, screen.getByLabelText('报表名称'), '委托方案件统计');
    await fill(user, screen.getByLabelText('报表SQL'), SQL);
    await user.click(screen.getByRole('button', { name: '解析SQL' }));
    await screen.findByLabelText('insurer_name 字段文本');
    expect(fake.callsTo('post', '/online/cgreportHead/parseSql')[0].body).toEqual({ cgrSql: SQL });
    await fill(user, screen.getByLabelText('insurer_name 字段文本'), '委托方');
    await user.click(screen.getByLabelText('case_count 合计'));
    await user.click(screen.getByRole('tab', { name: /报表参数/ }));
    await fill(user, screen.getByLabelText('since 参数文本'), '起始日期');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = fake.callsTo('post', '/online/cgreportHead/saveAll')[0].body as { head: unknown; items: Array<Record<string, unknown>>; params: unknown[] };
    expect(body.head).toEqual({ code: 'case_by_insurer', name: '委托方案件统计', cgrSql: SQL, dbSource: null });
    expect(body.items.map((i) => [i.fieldName, i.fieldTxt, i.isTotal])).toEqual([
      ['insurer_name', '委托方', '0'],
      ['case_count', 'case_count', '1'],
    ]);
    expect(body.params).toEqual([{ paramName: 'since', paramTxt: '起始日期', paramValue: '', orderNum: 1 }]);
    expect(onChanged).toHaveBeenCalled();
    expect(fake.notices).toContainEqual({ kind: 'success', text: '添加成功！' });
  }, 60_000);

  it('offers the 数据源 of the page\'s dbSource dictionary besides the main database, and parses on the chosen one', async () => {
    const user = userEvent.setup();
    const source = 'schemas/pages/online/cgreportHead.json';
    const loaded = loadPageSchema(JSON.parse(fs.readFileSync(path.join(root, source), 'utf8')), source);
    if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('；'));
    const fake = createFakeHost();
    fake.respond((call) => {
      if (call.url.startsWith('/sys/dict/getDictItems/')) return ok([{ value: 'claims_archive', text: '理赔归档库' }]);
      if (call.url === '/online/cgreportHead/parseSql') return ok(PARSED);
      return fail('未知请求');
    });
    render(<OnlineReportDesigner page={loaded.page} host={fake.host} row={{}} title="新增" onClose={() => undefined} />);
    await user.click(screen.getByRole('combobox', { name: '数据源' }));
    await user.click(await screen.findByText('理赔归档库'));
    await fill(user, screen.getByLabelText('报表SQL'), SQL);
    await user.click(screen.getByRole('button', { name: '解析SQL' }));
    await screen.findByLabelText('insurer_name 字段文本');
    expect(fake.callsTo('get').some((c) => c.url === '/sys/dict/getDictItems/sys_data_source,name,code')).toBe(true);
    expect(fake.callsTo('post', '/online/cgreportHead/parseSql')[0].body).toEqual({ cgrSql: SQL, dbSource: 'claims_archive' });
  }, 60_000);

  it('says what is missing before asking the server', async () => {
    const user = userEvent.setup();
    const { fake } = designer(() => fail('不应请求'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入报表编码');
    await user.click(screen.getByRole('button', { name: '解析SQL' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请输入报表SQL');
    expect(fake.calls).toHaveLength(0);
  });

  it('edits a saved report: loads it, 解析SQL keeps the typed titles, a refusal stays on screen, 保存 puts it', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { fake, onClose } = designer(
      (call) => {
        if (call.url === '/online/cgreportHead/queryAll') return ok(SAVED);
        if (call.url === '/online/cgreportHead/parseSql') return ok({ columns: [...PARSED.columns, { fieldName: 'fee_total', fieldType: 'BigDecimal' }], params: ['since'] });
        if (call.url === '/online/cgreportHead/saveAll') return refuse ? fail('字段 fee_total 不是 SQL 的列') : ok(null, '编辑成功！');
        return fail('未知请求');
      },
      { id: 'r1', code: 'case_by_insurer' },
    );
    expect(await screen.findByDisplayValue('委托方')).toBeTruthy();
    expect(fake.callsTo('get', '/online/cgreportHead/queryAll')[0].params).toEqual({ id: 'r1' });
    expect(screen.getByText('报表配置：委托方案件统计')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '解析SQL' }));
    await screen.findByLabelText('fee_total 字段文本');
    expect(screen.getByLabelText('insurer_name 字段文本')).toHaveValue('委托方');
    expect(screen.getByLabelText('case_count 合计')).toBeChecked();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('字段 fee_total 不是 SQL 的列');
    expect(onClose).not.toHaveBeenCalled();
    refuse = false;
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = fake.callsTo('put', '/online/cgreportHead/saveAll')[1].body as { head: { id: string }; items: unknown[] };
    expect(body.head.id).toBe('r1');
    expect(body.items).toHaveLength(3);
  });

  it('previews the unsaved configuration with the parameter defaults, and again with a typed value', async () => {
    const user = userEvent.setup();
    const { fake } = designer(
      (call) => {
        if (call.url === '/online/cgreportHead/queryAll') return ok(SAVED);
        if (call.url === '/online/cgreportHead/preview') {
          const since = (call.body as { paramValues: Record<string, string> }).paramValues.since;
          return ok({ columns: [{ fieldName: 'insurer_name' }, { fieldName: 'case_count' }], records: [{ insurer_name: `人保${since}`, case_count: 3 }], total: 1 });
        }
        return fail('未知请求');
      },
      { id: 'r1' },
    );
    await screen.findByDisplayValue('委托方');
    await user.click(screen.getByRole('button', { name: /预\s*览/ }));
    const preview = (await screen.findByText('预览：委托方案件统计')).closest('.ant-modal') as HTMLElement;
    expect(await within(preview).findByText('人保2026-01-01')).toBeTruthy();
    expect(within(preview).getAllByText('案件数').length).toBeGreaterThan(0);
    await fill(user, within(preview).getByLabelText('起始日期'), '2026-06-01');
    await user.click(within(preview).getByRole('button', { name: /查\s*询/ }));
    expect(await within(preview).findByText('人保2026-06-01')).toBeTruthy();
    expect(fake.callsTo('post', '/online/cgreportHead/preview')).toHaveLength(2);
  });
});
