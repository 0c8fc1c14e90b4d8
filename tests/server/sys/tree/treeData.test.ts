import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSign } from '../../../../server/http/sign';
import { DATABASE_KINDS } from '../../../support/database';
import { API, authHeaders, body, get, login, send, startTestApp, type TestApp } from '../../support/app';
import { multipart } from '../../crud/support';

interface Node {
  key: string;
  value: string;
  title: string;
  label: string;
  isLeaf: boolean;
  leaf: boolean;
  name?: string;
  code?: string;
}
type Rec = Record<string, unknown>;

const AREA = { tableName: 'mnt_area', text: 'area_name', code: 'id', pidField: 'pid', hasChildField: 'has_child' };
const CUSTOMER = { tableName: 'mnt_customer', text: 'customer_name', code: 'id', pidField: 'pid', hasChildField: 'has_child' };

describe.each(DATABASE_KINDS)('tree widgets’ endpoints (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = (await login(t.app, 'lisi')).token;
    admin = (await login(t.app, 'admin')).token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A signed GET the way the web app sends dictionary lookups. */
  function signedGet(path: string, query: Record<string, string> = {}, as = token) {
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    const sign = computeSign(query, lastSegment);
    const qs = new URLSearchParams(query).toString();
    const encodedPath = path.split('/').map(encodeURIComponent).join('/');
    return t.app.inject({
      method: 'GET',
      url: `${API}${encodedPath}${qs ? `?${qs}` : ''}`,
      headers: { ...authHeaders(as), 'x-sign': sign, 'x-timestamp': String(Date.now()) },
    });
  }
  const loadTree = async (query: Record<string, string>) => body<Node[]>(await signedGet('/sys/dict/loadTreeData', query));

  it('answers the children of a node of a declared tree, with leaf flags, in the page’s order', async () => {
    const provinces = await loadTree({ ...AREA, pid: '86' });
    expect(provinces.success, provinces.message).toBe(true);
    expect(provinces.result.length).toBeGreaterThan(0);
    const beijing = provinces.result.find((n) => n.title === '北京市') as Node;
    expect(beijing).toEqual({ key: '110000', value: '110000', title: '北京市', label: '北京市', isLeaf: false, leaf: false });
    const codes = provinces.result.map((n) => n.key);
    expect(codes).toEqual([...codes].sort());
    const districts = await loadTree({ ...AREA, pid: '110000' });
    expect(districts.result.map((n) => n.title)).toContain('市辖区');
    // Without hasChildField the server looks at the rows themselves.
    const { hasChildField: _unused, ...withoutFlag } = AREA;
    const again = await loadTree({ ...withoutFlag, pid: '86' });
    expect(again.result.find((n) => n.key === '110000')?.isLeaf).toBe(false);
  });

  it('answers an empty list for an unknown parent', async () => {
    const none = await loadTree({ ...AREA, pid: 'no-such-node' });
    expect(none).toMatchObject({ success: true, result: [] });
  });

  it('filters with a JSON condition on the table’s columns', async () => {
    const level1 = await loadTree({ ...AREA, pid: '86', condition: JSON.stringify({ level: 1, area_name: '北京市' }) });
    expect(level1.result.map((n) => n.title)).toEqual(['北京市']);
  });

  it('refuses a bad condition, a condition on another column, and a non-scalar value', async () => {
    for (const condition of ['not json', '[1,2]', '"text"', 'null']) {
      const refused = await loadTree({ ...AREA, pid: '86', condition });
      expect(refused.success).toBe(false);
      expect(refused.message).toContain('condition 需要一个 JSON 对象');
    }
    const column = await loadTree({ ...AREA, pid: '86', condition: JSON.stringify({ 'password; drop': 'x' }) });
    expect(column).toMatchObject({ success: false, message: '查询条件字段「password; drop」不在允许范围内' });
    const nested = await loadTree({ ...AREA, pid: '86', condition: JSON.stringify({ level: { $gt: 1 } }) });
    expect(nested).toMatchObject({ success: false, message: '查询条件字段「level」的值只能是文字、数字或布尔值' });
  });

  it('refuses tables and columns no page declares as a tree', async () => {
    for (const query of [
      { ...AREA, tableName: 'sys_user', text: 'password', code: 'id', pidField: 'id' },
      { ...AREA, text: 'create_by' },
      { ...AREA, pidField: 'level' },
      { ...AREA, hasChildField: 'level' },
      { ...AREA, tableName: 'mnt_area; drop table mnt_area' },
    ]) {
      const refused = await loadTree({ ...query, pid: '86' });
      expect(refused).toMatchObject({ success: false, message: '树表或字段不在允许范围内' });
    }
  });

  it('needs a signature and a session', async () => {
    const unsigned = await get(t.app, `/sys/dict/loadTreeData?${new URLSearchParams({ ...AREA, pid: '86' })}`, token);
    expect(body(unsigned)).toMatchObject({ success: false, message: 'Sign签名校验失败！' });
    const anonymous = await get(t.app, `/sys/dict/loadTreeData?${new URLSearchParams({ ...AREA, pid: '86' })}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('names stored tree values through loadDictItem (the edit form shows the parent’s name)', async () => {
    const names = body<string[]>(await signedGet('/sys/dict/loadDictItem/mnt_area,area_name,id', { key: '110000,no-such' }));
    expect(names).toMatchObject({ success: true, result: ['北京市'] });
    const customers = body<string[]>(await signedGet('/sys/dict/loadDictItem/mnt_customer,customer_name,id', { key: 'C01' }));
    expect(customers.result).toEqual(['华东能源集团有限公司']);
    const customerTree = await loadTree({ ...CUSTOMER, pid: 'C01' });
    expect(customerTree.result.length).toBeGreaterThan(0);
  });

  it('refuses a parent that does not exist on add and edit; accepts the root and a real node; lists show its name', async () => {
    const bad = body(await send(t.app, 'POST', '/maintenance/area/add', { code: '990101', areaName: '测试区', level: 3, pid: '999999', sortNo: 1 }, admin));
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('上级区域');
    expect(bad.message).toContain('「999999」不是可选的值');

    const added = body(await send(t.app, 'POST', '/maintenance/area/add', { code: '990101', areaName: '测试区', level: 3, pid: '110000', sortNo: 1 }, admin));
    expect(added.success, added.message).toBe(true);
    const children = body<Rec[]>(await get(t.app, '/maintenance/area/childList?pid=110000', admin)).result;
    const row = children.find((r) => r.areaName === '测试区') as Rec;
    expect(row.pid_dictText).toBe('北京市');
    const detail = body<Rec>(await get(t.app, `/maintenance/area/queryById?id=${String(row.id)}`, admin)).result;
    expect(detail.pid).toBe('110000');

    const editBad = body(await send(t.app, 'PUT', '/maintenance/area/edit', { ...detail, pid: 'nowhere' }, admin));
    expect(editBad.success).toBe(false);
    expect(editBad.message).toContain('「nowhere」不是可选的值');
    const root = body(await send(t.app, 'PUT', '/maintenance/area/edit', { ...detail, pid: '86', level: 1 }, admin));
    expect(root.success, root.message).toBe(true);
    // The root ('86', above the provinces) names no area: its text is empty, not the id.
    const atRoot = body<Rec>(await get(t.app, `/maintenance/area/queryById?id=${String(row.id)}`, admin)).result;
    expect(atRoot).toMatchObject({ pid: '86', pid_dictText: '' });

    const customer = body(await send(t.app, 'POST', '/maintenance/custom/add', { pid: 'nobody', customerName: '某公司', customerType: 'QY' }, admin));
    expect(customer.success).toBe(false);
    expect(customer.message).toContain('「nobody」不是可选的值');
  });

  it('exports and imports a tree parent as its id (names repeat), and refuses an unknown parent on import', async () => {
    const exported = await get(t.app, '/maintenance/area/exportXls', admin);
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    let headerRow = 0;
    sheet.eachRow((row, n) => {
      if (headerRow === 0 && (row.values as unknown[]).includes('区域名称')) headerRow = n;
    });
    const titles = (sheet.getRow(headerRow).values as unknown[]).map((v) => (v === undefined || v === null ? '' : String(v)));
    const parentColumn = titles.indexOf('上级区域');
    const parents = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > headerRow) parents.add(String(row.getCell(parentColumn).value));
    });
    expect(parents).toContain('86');
    expect(parents).toContain('110000');
    expect(parents).not.toContain('北京市');

    const importRows = async (rows: Record<string, string | number>[]) => {
      const file = new ExcelJS.Workbook();
      const ws = file.addWorksheet('区域');
      for (let i = 1; i < headerRow; i += 1) ws.addRow(['']);
      ws.addRow(titles.slice(1));
      for (const r of rows) ws.addRow(titles.slice(1).map((title) => r[title] ?? ''));
      const upload = multipart([{ field: 'file', name: '区域.xlsx', content: Buffer.from(await file.xlsx.writeBuffer()) }]);
      return body(await t.app.inject({ method: 'POST', url: `${API}/maintenance/area/importExcel`, payload: upload.payload, headers: { ...authHeaders(admin), ...upload.headers } }));
    };
    const refused = await importRows([{ 上级区域: '999999', 区划代码: '990201', 区域名称: '导入区', 级别: '县级', 排序: 1 }]);
    expect(refused).toMatchObject({ code: 201, message: '文件导入失败，第4行数据有误（共1行），请下载错误文件修改后重新导入' });
    const accepted = await importRows([{ 上级区域: '110000', 区划代码: '990202', 区域名称: '导入区二', 级别: '县级', 排序: 1 }]);
    expect(accepted).toMatchObject({ success: true, code: 200 });
    const imported = body<Rec[]>(await get(t.app, '/maintenance/area/childList?pid=110000', admin)).result;
    expect(imported.find((r) => r.areaName === '导入区二')?.pid_dictText).toBe('北京市');
  });

  describe('category dictionary', () => {
    it('loads the branch under a root code, its children and the whole level of roots', async () => {
      const root = body<Node[]>(await get(t.app, '/sys/category/loadTreeRoot?async=true&pcode=B01', token));
      expect(root.success, root.message).toBe(true);
      expect(root.result.map((n) => n.name)).toEqual(['财产损失', '工程事故', '货运损失', '责任险']);
      const property = root.result[0];
      expect(property).toMatchObject({ key: 'cat_case_property', value: 'cat_case_property', title: '财产损失', code: 'B01A01', isLeaf: false });
      const kids = body<Node[]>(await get(t.app, `/sys/category/loadTreeChildren?pid=${property.key}`, token)).result;
      expect(kids.map((n) => n.title)).toEqual(['火灾', '水灾', '台风暴雨', '盗抢']);
      expect(kids.every((n) => n.isLeaf && n.leaf)).toBe(true);
      const tops = body<Node[]>(await get(t.app, '/sys/category/loadTreeRoot?pcode=0', token)).result;
      expect(tops.map((n) => n.title)).toEqual(['知识库分类', '案件类别']);
    });

    it('tells an unknown root code', async () => {
      const refused = body(await get(t.app, '/sys/category/loadTreeRoot?pcode=ZZ9', token));
      expect(refused).toMatchObject({ success: false, message: '该编码【ZZ9】不存在，请核实!' });
    });

    it('loadTreeData by pcode or pid, with a condition; refuses missing or bad parameters', async () => {
      const byCode = body<Node[]>(await get(t.app, '/sys/category/loadTreeData?pcode=A01', token)).result;
      expect(byCode.map((n) => n.title)).toEqual(['法律法规', '保险条款', '理算方法', '典型案例']);
      const byPid = body<Node[]>(await get(t.app, '/sys/category/loadTreeData?pid=cat_kb_clause', token)).result;
      expect(byPid.map((n) => n.title)).toEqual(['财产险条款', '工程险条款', '货运险条款']);
      const filtered = await get(t.app, `/sys/category/loadTreeData?pid=cat_kb_clause&condition=${encodeURIComponent('{"code":"A01A02A02"}')}`, token);
      expect(body<Node[]>(filtered).result.map((n) => n.title)).toEqual(['工程险条款']);
      expect(body(await get(t.app, '/sys/category/loadTreeData', token))).toMatchObject({ success: false, message: '加载分类字典树参数有误.[null]!' });
      expect(body(await get(t.app, '/sys/category/loadTreeData?pcode=nope', token))).toMatchObject({ success: false, message: '加载分类字典树参数有误.[code]!' });
      const badCondition = body(await get(t.app, `/sys/category/loadTreeData?pcode=A01&condition=${encodeURIComponent('{oops')}`, token));
      expect(badCondition.success).toBe(false);
      const badColumn = body(await get(t.app, `/sys/category/loadTreeData?pcode=A01&condition=${encodeURIComponent('{"create_by":"admin"}')}`, token));
      expect(badColumn).toMatchObject({ success: false, message: '查询条件字段「create_by」不在允许范围内' });
    });

    it('loadOne by code and loadDictItem by ids', async () => {
      const one = body<Rec>(await get(t.app, '/sys/category/loadOne?field=code&val=B01A01A01', token));
      expect(one.result).toMatchObject({ id: 'cat_case_fire', name: '火灾', pid: 'cat_case_property' });
      expect(body(await get(t.app, '/sys/category/loadOne?field=code&val=none', token))).toMatchObject({ success: false, message: '查询无果' });
      expect(body(await get(t.app, '/sys/category/loadOne?field=create_by&val=admin', token))).toMatchObject({ success: false });
      const labels = body<string[]>(await get(t.app, '/sys/category/loadDictItem/?ids=cat_case_flood,missing,cat_case_fire', token));
      expect(labels.result).toEqual(['水灾', '火灾']);
      const kept = body<string[]>(await get(t.app, '/sys/category/loadDictItem/?ids=cat_case_flood,missing&delNotExist=false', token));
      expect(kept.result).toEqual(['水灾', 'missing']);
    });

    it('needs a session', async () => {
      expect((await get(t.app, '/sys/category/loadTreeRoot?pcode=A01')).statusCode).toBe(401);
    });

    it('is maintained through the 分类字典 tree page', async () => {
      const added = body(await send(t.app, 'POST', '/sys/category/add', { pid: 'cat_case_liability', name: '雇主责任', code: 'B01A04A01' }, admin));
      expect(added.success, added.message).toBe(true);
      const kids = body<Node[]>(await get(t.app, '/sys/category/loadTreeChildren?pid=cat_case_liability', token)).result;
      expect(kids.map((n) => n.title)).toEqual(['雇主责任']);
      const parent = body<Node[]>(await get(t.app, '/sys/category/loadTreeRoot?pcode=B01', token)).result.find((n) => n.code === 'B01A04');
      expect(parent?.isLeaf).toBe(false);
      const orphan = body(await send(t.app, 'POST', '/sys/category/add', { pid: 'ghost', name: '孤儿', code: 'X99' }, admin));
      expect(orphan.success).toBe(false);
      expect(orphan.message).toContain('「ghost」不是可选的值');
    });
  });
});
