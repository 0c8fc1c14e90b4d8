/**
 * A row other rows use cannot go, nor change the key they use it by (issue 12): deleting 保险公司
 * 天安财险, which 8 demo cases name as 委托方, is refused naming the cases, and 全部案件 keeps showing
 * 天安财险 instead of TACX. The uses come from the page documents alone: table dictionaries
 * (委托方编码), pickers (共保公司, several codes in one value; 原发票 on the invoice page itself), the
 * area widget — for the single delete, the batch delete, the grid's save and the edit of a key.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadPageSchema, type CompiledPage } from '../../../runtime/schema/loadPageSchema';
import { readWorkbook } from '../../../server/excel';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body } from '../support/app';
import { multipart, signedInCrudApp } from './support';

type Rec = Record<string, unknown>;
interface Page {
  records: Rec[];
  total: number;
}

/** A test page whose rows name 工时登记 rows through a table dictionary: the grid page's rows become used. */
function hourNotePage(): CompiledPage {
  const loaded = loadPageSchema(
    {
      schemaVersion: 1,
      entity: { name: 'hourNote', module: 'cost', title: '工时备注', table: 'tst_hour_note', permissionPrefix: 'hourNote' },
      fields: [
        { name: 'hourId', label: '工时', type: 'string', length: 32, dictCode: 'cost_work_hour,remark,id' },
        { name: 'note', label: '说明', type: 'string', length: 100 },
      ],
      list: { columns: [{ field: 'hourId' }, { field: 'note' }], toolbar: ['add'], rowActions: ['edit', 'delete'] },
      form: { columns: 1 },
    },
    'tests/server/crud/hourNote',
  );
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.page;
}

describe.each(DATABASE_KINDS)('rows other rows use (%s)', (kind) => {
  const server = signedInCrudApp(kind, [hourNotePage()]);
  const { get, send } = server;

  const insurer = async (code: string): Promise<Rec | undefined> =>
    (await get<Page>(`/maintenance/insuranceCompany/list?companyCode=${code}`)).result.records[0];
  const insurerId = async (code: string): Promise<string> => String((await insurer(code))?.id);
  const casesOf = async (code: string): Promise<Rec[]> =>
    (await get<Page>(`/receive/receive/list?insurerCode=${code}&pageSize=1000`)).result.records;
  /** Cases naming the insurer as 委托方 or among their 共保公司, each once: the demo firm's generated cases use insurers too. */
  const casesUsing = async (code: string): Promise<number> =>
    Number(
      (
        await sql<{ n: string }>`
          SELECT count(*) AS n FROM biz_receive WHERE insurer_code = ${code} OR ${code} = ANY(string_to_array(coalesce(coinsurer_codes, ''), ','))`.execute(
          server.database.db,
        )
      ).rows[0].n,
    );
  let added = 0;
  const addInsurer = async (code: string, name: string): Promise<string> => {
    added += 1;
    const answer = await send('POST', '/maintenance/insuranceCompany/add', {
      companyCode: code,
      creditCode: `91330000000000000${added}`,
      companyName: `${name}财产保险股份有限公司`,
      shortName: `${name}财险`,
      companyType: '1',
      status: '1',
    });
    expect(answer.success, answer.message).toBe(true);
    return insurerId(code);
  };

  it('refuses deleting 天安财险 (its cases): the insurer stays and the cases still show its name', async () => {
    const answer = await send('DELETE', `/maintenance/insuranceCompany/delete?id=${await insurerId('TACX')}`);
    const used = await casesUsing('TACX');
    expect(used).toBeGreaterThanOrEqual(8);
    expect(answer).toMatchObject({ success: false, message: `该记录被${used}条案件引用，不能删除` });
    expect(await insurer('TACX')).toMatchObject({ shortName: '天安财险' });
    const cases = await casesOf('TACX');
    expect(cases.length).toBeGreaterThanOrEqual(8);
    for (const c of cases) expect(c.insurerCode_dictText).toBe('天安财险');
  });

  it('counts a case once whether it names the insurer as 委托方 or among several 共保公司', async () => {
    // DDBX: 委托方 of some cases, one of two co-insurers ('GSCX,DDBX') of another (R0015 among the hand-written ones).
    const both = await sql<{ n: string }>`SELECT count(*) AS n FROM biz_receive WHERE coinsurer_codes LIKE '%DDBX%'`.execute(server.database.db);
    expect(Number(both.rows[0].n)).toBeGreaterThan(0);
    const answer = await send('DELETE', `/maintenance/insuranceCompany/delete?id=${await insurerId('DDBX')}`);
    expect(answer).toMatchObject({ success: false, message: `该记录被${await casesUsing('DDBX')}条案件引用，不能删除` });
  });

  it('names every page that uses the row, most uses first', async () => {
    const answer = await send('DELETE', `/maintenance/insuranceCompany/delete?id=${await insurerId('CPIC')}`);
    expect(answer).toMatchObject({
      success: false,
      message: `该记录被${await casesUsing('CPIC')}条案件、1条保险公司通报导出、1条案件委托、1条专项、1条委托配置引用，不能删除`,
    });
  });

  it('deletes a row nobody uses', async () => {
    const id = await addInsurer('ZSCX', '浙商');
    expect(await send('DELETE', `/maintenance/insuranceCompany/delete?id=${id}`)).toMatchObject({ success: true, message: '删除成功！' });
    expect(await insurer('ZSCX')).toBeUndefined();
  });

  it('refuses a batch with a used row as a whole, naming the used record; without it the batch goes', async () => {
    const unused = await addInsurer('HACX', '华安');
    const answer = await send('DELETE', `/maintenance/insuranceCompany/deleteBatch?ids=${unused},${await insurerId('TACX')},`);
    expect(answer).toMatchObject({ success: false, message: `「天安财险」被${await casesUsing('TACX')}条案件引用，不能删除` });
    expect(await insurer('HACX')).toBeDefined();
    expect(await insurer('TACX')).toBeDefined();

    const two = await send('DELETE', `/maintenance/insuranceCompany/deleteBatch?ids=${unused},${await insurerId('TACX')},${await insurerId('ZHLH')}`);
    expect(two).toMatchObject({
      success: false,
      message: `「天安财险」被${await casesUsing('TACX')}条案件引用，「中华财险」被${await casesUsing('ZHLH')}条案件引用，不能删除`,
    });

    expect(await send('DELETE', `/maintenance/insuranceCompany/deleteBatch?ids=${unused},`)).toMatchObject({ success: true, message: '批量删除成功！' });
    expect(await insurer('HACX')).toBeUndefined();
  });

  it('refuses changing the code the cases use; other fields of the row, and an unused code, still change', async () => {
    const tacx = (await insurer('TACX')) as Rec;
    const changed = await send('PUT', '/maintenance/insuranceCompany/edit', { ...tacx, companyCode: 'TACY' });
    const used = await casesUsing('TACX');
    expect(changed).toMatchObject({
      success: false,
      message: `该记录被${used}条案件引用，不能修改公司编码`,
      result: { errors: [{ field: 'companyCode', label: '公司编码', message: `该记录被${used}条案件引用，不能修改公司编码` }] },
    });
    expect(await insurer('TACY')).toBeUndefined();
    for (const c of await casesOf('TACX')) expect(c.insurerCode_dictText).toBe('天安财险');

    const renamed = await send('PUT', '/maintenance/insuranceCompany/edit', { ...tacx, contactName: '冯建国' });
    expect(renamed).toMatchObject({ success: true });

    const unused = await addInsurer('YACX', '永安');
    const recoded = await send('PUT', '/maintenance/insuranceCompany/edit', { ...(await insurer('YACX')), id: unused, companyCode: 'YAXC' });
    expect(recoded).toMatchObject({ success: true });
    expect(await insurer('YAXC')).toMatchObject({ shortName: '永安财险' });
  });

  it('an Excel import only adds rows: a file carrying 天安财险 again cannot replace it', async () => {
    const exported = await server.app.inject({ method: 'GET', url: `${API}/maintenance/insuranceCompany/exportXls`, headers: authHeaders(server.admin) });
    const upload = multipart([{ field: 'file', name: '保险公司.xlsx', content: exported.rawPayload }]);
    const imported = body<{ fileUrl: string }>(
      await server.app.inject({
        method: 'POST',
        url: `${API}/maintenance/insuranceCompany/importExcel`,
        payload: upload.payload,
        headers: { ...authHeaders(server.admin), ...upload.headers },
      }),
    );
    expect(imported).toMatchObject({ success: true, code: 201 });
    expect(imported.message).toMatch(/^文件导入失败，第/);
    const errors = await server.app.inject({ method: 'GET', url: `${API}${imported.result.fileUrl}`, headers: authHeaders(server.admin) });
    const texts = (await readWorkbook(errors.rawPayload, 'errors.xlsx')).rows.flatMap((r) => r.cells.map((c) => String(c ?? '')));
    expect(texts.some((t) => t.includes('公司编码「TACX」已存在'))).toBe(true);
    expect((await get<Page>('/maintenance/insuranceCompany/list?companyCode=TACX')).result.total).toBe(1);
    for (const c of await casesOf('TACX')) expect(c.insurerCode_dictText).toBe('天安财险');
  });

  it('refuses deleting an invoice its red-flush invoice names, or the red one alone; both together go', async () => {
    const byNumber = async (number: string) => (await get<Page>(`/receipt/receipt/list?number=${number}`)).result.records[0];
    const original = await byNumber('36860019');
    expect(await send('POST', '/receipt/receipt/red', { id: original.id, redReason: '开票信息有误，红冲原发票后重开' })).toMatchObject({ success: true });
    const redFlush = await byNumber('36860019H');
    expect(redFlush.origReceiptId).toBe(original.id);
    expect(await send('DELETE', `/receipt/receipt/delete?id=${String(original.id)}`)).toMatchObject({ success: false, message: '发票「36860019」已红冲，只能与其红字发票一起删除' });
    expect(await send('DELETE', `/receipt/receipt/delete?id=${String(redFlush.id)}`)).toMatchObject({ success: false, message: '红字发票「36860019H」只能与原发票一起删除' });
    expect(await send('DELETE', `/receipt/receipt/deleteBatch?ids=${String(original.id)},${String(redFlush.id)}`)).toMatchObject({
      success: true,
      message: '批量删除成功！',
    });
  });

  it('refuses deleting a district that cases and insurers are in (the area widget); the tree check comes first', async () => {
    const pudong = await send('DELETE', '/maintenance/area/delete?id=310115');
    // The demo's generated cases may be in 浦东新区 too: count them as the message must.
    const cases = (await get<Page>('/receive/receive/list?areaCode=310115&pageSize=1')).result.total;
    expect(cases).toBeGreaterThanOrEqual(6);
    // The 示例 pages' demo rows (高级表单, 查询表格) are rows like any other: one of each is in 浦东 too.
    expect(pudong).toMatchObject({ success: false, message: `该记录被${cases}条案件、2条客户名单、2条保险公司、1条高级表单、1条查询表格、1条案件委托引用，不能删除` });
    expect(await send('DELETE', '/maintenance/area/delete?id=310000')).toMatchObject({ success: false, message: '该节点下还有下级数据，请先删除下级数据' });
  });

  it('refuses a grid save that removes a used row, writing nothing of the save; an unused row is removed', async () => {
    const db = server.database.db;
    const one = async (table: string) => (await sql<{ id: string }>`SELECT id FROM ${sql.table(table)} ORDER BY id LIMIT 1`.execute(db)).rows[0].id;
    const caseId = await one('biz_receive');
    const typeId = await one('mnt_working_hour_type');
    const values = (remark: string) => ({ caseId, hourType: typeId, staffUser: 'admin', workDate: '2026-11-02', hours: 2, remark });
    const saved = await send<{ addedIds: string[] }>('POST', '/cost/workHour/saveBatch', {
      added: [
        { row: 1, values: values('查勘') },
        { row: 2, values: values('报告') },
      ],
      updated: [],
      removedIds: [],
    });
    expect(saved.success, saved.message).toBe(true);
    const [survey, report] = saved.result.addedIds;
    await sql`INSERT INTO tst_hour_note (id, hour_id, note) VALUES ('N1', ${survey}, '现场查勘说明')`.execute(db);

    const refused = await send('POST', '/cost/workHour/saveBatch', {
      added: [{ row: 3, values: values('复勘') }],
      updated: [],
      removedIds: [survey, report],
    });
    expect(refused).toMatchObject({ success: false, message: '「查勘」被1条工时备注引用，不能删除' });
    // The demo's hours are its staff's; admin's are the ones saved here.
    const remarks = async () =>
      (await sql<{ remark: string }>`SELECT remark FROM cost_work_hour WHERE staff_user = 'admin' ORDER BY remark`.execute(db)).rows.map((r) => r.remark);
    expect(await remarks()).toEqual(['报告', '查勘']);

    expect(await send('POST', '/cost/workHour/saveBatch', { added: [], updated: [], removedIds: [report] })).toMatchObject({ success: true });
    expect(await remarks()).toEqual(['查勘']);
  });
});
