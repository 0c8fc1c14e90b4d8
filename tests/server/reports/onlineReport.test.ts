import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { body, get, login, startTestApp, type TestApp } from '../support/app';

interface ColumnsAnswer {
  columns: Array<{ title: string; dataIndex: string; align: string; width?: number; sorter?: boolean; customRender?: string }>;
  dictOptions: Record<string, Array<{ value: string; text: string }>>;
  cgRpConfigId: string;
  cgRpConfigName: string;
}
interface QueryInfo {
  field: string;
  label: string;
  mode: string;
  view?: string;
  dictCode?: string;
  hidden?: string;
}
type Row = Record<string, unknown>;
interface DataAnswer {
  total: number;
  totalExact: boolean;
  records: Row[];
}

const BASE = '/online/cgreport/api';

describe.each(DATABASE_KINDS)('online report API for the popup picker (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let lisi: string;
  let wangwu: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await login(t.app, 'admin')).token;
    lisi = (await login(t.app, 'lisi')).token;
    wangwu = (await login(t.app, 'wangwu')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const data = async (code: string, query: string, token = admin) => body<DataAnswer>(await get(t.app, `${BASE}/getData/${code}?${query}`, token));

  it('answers the columns of a report by code, with the dictionary options of its dictionary fields', async () => {
    const answer = body<ColumnsAnswer>(await get(t.app, `${BASE}/getRpColumns/expert_report`, lisi));
    expect(answer.success).toBe(true);
    const { columns, dictOptions, cgRpConfigId, cgRpConfigName } = answer.result;
    expect(cgRpConfigName).toBe('选择专家');
    expect(cgRpConfigId).toBe('expert_report');
    expect(columns.map((c) => [c.dataIndex, c.title])).toEqual([
      ['expertName', '专家姓名'],
      ['majorDirection', '专业方向'],
      ['contactMobile', '联系电话'],
      ['title', '职称'],
      ['titleRank', '职称级别'],
      ['sex', '性别'],
    ]);
    expect(columns[0]).toEqual({ title: '专家姓名', dataIndex: 'expertName', align: 'center', width: 110, sorter: true });
    expect(columns[4]).toMatchObject({ dataIndex: 'titleRank', customRender: 'titleRank' });
    expect(columns.filter((c) => c.customRender).map((c) => c.dataIndex)).toEqual(['titleRank', 'sex']);
    expect(dictOptions.sex).toEqual([
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ]);
    expect(dictOptions.titleRank.map((o) => o.text)).toEqual(['员级', '助级', '中级', '副高级', '正高级']);
  });

  it('answers the query items, the hidden ones flagged "1"', async () => {
    const answer = body<QueryInfo[]>(await get(t.app, `${BASE}/getQueryInfo/expert_report`, lisi));
    expect(answer.success).toBe(true);
    expect(answer.result).toEqual([
      { field: 'expertName', label: '专家姓名', mode: 'single', view: 'text' },
      { field: 'majorDirection', label: '专业方向', mode: 'single', view: 'text' },
      { field: 'titleRank', label: '职称级别', mode: 'single', view: 'list', dictCode: 'position_rank', hidden: '1' },
      { field: 'createTime', label: '创建时间', mode: 'group', view: 'datetime', hidden: '1' },
    ]);
  });

  it('pages the rows of the page table: id and the report columns only', async () => {
    const first = await data('expert_report', 'pageNo=1&pageSize=4');
    expect(first.success).toBe(true);
    expect(first.result.total).toBe(10);
    expect(first.result.totalExact).toBe(true);
    expect(first.result.records).toHaveLength(4);
    for (const record of first.result.records) {
      expect(Object.keys(record).sort()).toEqual(['contactMobile', 'expertName', 'id', 'majorDirection', 'sex', 'title', 'titleRank']);
    }
    const third = await data('expert_report', 'pageNo=3&pageSize=4');
    expect(third.result.records).toHaveLength(2);
    const all = await data('expert_report', 'pageNo=1&pageSize=100');
    const ids = new Set([...first.result.records, ...(await data('expert_report', 'pageNo=2&pageSize=4')).result.records, ...third.result.records].map((r) => r.id));
    expect(ids.size).toBe(10);
    expect(new Set(all.result.records.map((r) => r.id))).toEqual(ids);
  });

  it('filters by a single query item with the list syntax, and by a range', async () => {
    const exact = await data('expert_report', `expertName=${encodeURIComponent('王建国')}`);
    expect(exact.result.records.map((r) => r.expertName)).toEqual(['王建国']);
    const like = await data('expert_report', `majorDirection=${encodeURIComponent('*损失*')}&pageSize=100`);
    expect(like.result.records.map((r) => r.expertName).sort()).toEqual(['刘洋', '吴涛', '王建国', '赵丽华'].sort());
    const rank = await data('expert_report', 'titleRank=5&pageSize=100');
    expect(rank.result.records.map((r) => r.expertName).sort()).toEqual(['张志强', '王建国'].sort());
    const future = await data('expert_report', 'createTime_begin=2999-01-01');
    expect(future.result.total).toBe(0);
    const past = await data('expert_report', 'createTime_begin=2000-01-01&createTime_end=2999-12-31');
    expect(past.result.total).toBe(10);
    const insurerRange = await data('insurance_company_report', 'sortNo_begin=2&sortNo_end=4&pageSize=100');
    expect(insurerRange.result.records.map((r) => r.companyCode)).toEqual(['CPIC', 'PAIC', 'GSCX']);
  });

  it('ignores fields the report does not query, and a single item sent as a range', async () => {
    const answer = await data('expert_report', `email=nobody&bankName=x&title=${encodeURIComponent('不存在')}&expertName_begin=zzz&superQueryParams=x`);
    expect(answer.success).toBe(true);
    expect(answer.result.total).toBe(10);
  });

  it('applies the self_ parameters as equality filters', async () => {
    const women = await data('expert_report', 'self_sex=2&pageSize=100');
    expect(women.result.records.map((r) => r.expertName).sort()).toEqual(['李秀英', '陈静', '赵丽华', '周敏'].sort());
    const active = await data('insurance_company_report', 'self_status=1&self_companyType=1&pageSize=100');
    expect(active.result.total).toBe(8);
    expect(active.result.records.map((r) => r.companyCode)).not.toContain('TACX');
    const blank = await data('insurance_company_report', 'self_status=&pageSize=100');
    expect(blank.result.total).toBe(9);
    // A parameter is an equality, never a LIKE pattern.
    const pattern = await data('expert_report', 'self_sex=*');
    expect(pattern.result.total).toBe(0);
  });

  it('sorts by the default sort, and by declared columns in either direction', async () => {
    const insurers = await data('insurance_company_report', 'pageSize=100');
    expect(insurers.result.records.map((r) => r.companyCode)).toEqual(['PICC', 'CPIC', 'PAIC', 'GSCX', 'DDBX', 'ZHLH', 'TPCX', 'YGCX', 'TACX']);
    const asc = await data('expert_report', 'column=contactMobile&order=asc&pageSize=100');
    const mobiles = asc.result.records.map((r) => String(r.contactMobile));
    expect(mobiles).toEqual([...mobiles].sort());
    const desc = await data('expert_report', 'column=contactMobile&order=desc&pageSize=3');
    expect(desc.result.records.map((r) => r.contactMobile)).toEqual([...mobiles].reverse().slice(0, 3));
    const byCode = await data('insurance_company_report', 'column=companyCode&order=desc&pageSize=2');
    expect(byCode.result.records.map((r) => r.companyCode)).toEqual(['ZHLH', 'YGCX']);
  });

  it('refuses to sort by a field that is not a report column, or by a hostile name', async () => {
    for (const column of ['email', 'sortNo', 'id;drop table mnt_expert', 'expert_name', 'createTime', '1=1)--']) {
      const answer = await data('expert_report', `column=${encodeURIComponent(column)}&order=asc`);
      expect(answer.success).toBe(false);
      expect(answer.message).toContain('请注意，将要排序的列字段不存在');
    }
    // The table is still there and whole.
    expect((await data('expert_report', 'pageSize=1')).result.total).toBe(10);
  });

  it('refuses bad values with a message naming the field', async () => {
    const answer = await data('insurance_company_report', 'sortNo_begin=abc');
    expect(answer.success).toBe(false);
    expect(answer.message).toContain('排序');
    const page = await data('expert_report', 'pageSize=0');
    expect(page.success).toBe(false);
  });

  it('answers a clear error for an unknown report', async () => {
    for (const url of [`${BASE}/getRpColumns/no_such_report`, `${BASE}/getQueryInfo/no_such_report`, `${BASE}/getData/no_such_report`]) {
      const answer = body(await get(t.app, url, admin));
      expect(answer).toMatchObject({ success: false, code: 500, message: '报表「no_such_report」不存在' });
    }
  });

  it('answers 510 to a user without the list permission of the report page', async () => {
    for (const url of [`${BASE}/getRpColumns/expert_report`, `${BASE}/getQueryInfo/expert_report`, `${BASE}/getData/expert_report`]) {
      const response = await get(t.app, url, wangwu);
      expect(response.statusCode).toBe(200);
      expect(body(response)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
    expect(body(await get(t.app, `${BASE}/getData/insurance_company_report`, wangwu))).toMatchObject({ success: false, code: 510 });
    // lisi reads expert and insurance-company lists, so both reports.
    expect(body(await get(t.app, `${BASE}/getData/insurance_company_report`, lisi)).success).toBe(true);
  });

  it('answers 401 without a session', async () => {
    for (const url of [`${BASE}/getRpColumns/expert_report`, `${BASE}/getQueryInfo/expert_report`, `${BASE}/getData/expert_report`]) {
      const response = await get(t.app, url);
      expect(response.statusCode).toBe(401);
      expect(body(response).success).toBe(false);
    }
  });
});
