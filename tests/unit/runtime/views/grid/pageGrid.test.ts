// A page document's grid section as grid columns: the column properties a page may set, and a
// linkDown field with its linkFields as one cascade of linked selects, loaded as the linkDown form
// widget loads them.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cellValue, checkboxValues, isEditable, resolveColumn } from '../../../../../runtime/grid';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { defaultGridType, linkDownOptionsLoader, pageGridConfig } from '../../../../../runtime/views/grid/pageGrid';
import { createFakeHost, ok } from '../../list/fakeHost';

type Doc = { fields: Record<string, unknown>[]; grid: { columns: Record<string, unknown>[]; pageSize?: number; size?: string } };

/** Puts a column in place of the grid's column of the same field. */
function setColumn(doc: Doc, column: { field: string } & Record<string, unknown>) {
  const at = doc.grid.columns.findIndex((c) => c.field === column.field);
  if (at < 0) throw new Error(`no grid column ${column.field}`);
  doc.grid.columns[at] = column;
}

function workHourWith(edit: (doc: Doc) => void) {
  const doc = JSON.parse(fs.readFileSync('schemas/pages/cost/workHour.json', 'utf8')) as Doc;
  doc.fields.push(
    {
      name: 'region',
      label: '省份',
      type: 'string',
      length: 32,
      widget: 'linkDown',
      options: { linkDown: { table: 'mnt_area', textColumn: 'area_name', valueColumn: 'id', pidColumn: 'pid', pidValue: '86', linkFields: ['city'] } },
    },
    { name: 'city', label: '城市', type: 'string', length: 32 },
  );
  edit(doc);
  const loaded = loadPageSchema(doc, 'schemas/pages/cost/workHour.json');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.page;
}

describe('a page grid section', () => {
  it('is medium by default and takes the size the page sets', () => {
    expect(pageGridConfig(workHourWith(() => undefined)).size).toBe('medium');
    expect(pageGridConfig(workHourWith((doc) => (doc.grid.size = 'tiny'))).size).toBe('tiny');
  });

  it('passes allowInput, allowSearch, setTagColor and the tags type to the columns', () => {
    const page = workHourWith((doc) => {
      setColumn(doc, { field: 'hourType', type: 'select', allowInput: true, allowSearch: true, setTagColor: true });
      setColumn(doc, { field: 'remark', type: 'tags', setTagColor: true });
    });
    const columns = pageGridConfig(page).columns.map(resolveColumn);
    const hourType = columns.find((c) => c.key === 'hourType');
    expect(hourType).toMatchObject({ type: 'select', allowInput: true, allowSearch: true, setTagColor: true });
    expect(columns.find((c) => c.key === 'remark')).toMatchObject({ type: 'tags', setTagColor: true });
  });

  it('passes fixed, format, disabled and the file menu settings; a checkbox stores Y/N on a text field', () => {
    const page = workHourWith((doc) => {
      doc.fields.push({ name: 'billable', label: '计费', type: 'string', length: 1 });
      setColumn(doc, { field: 'workDate', type: 'date', format: 'YYYY/MM/DD', fixed: 'left' });
      setColumn(doc, { field: 'remark', disabled: true });
      setColumn(doc, { field: 'attachment', type: 'upload', btnText: '上传凭证', allowDownload: false, allowRemove: false });
      doc.grid.columns.push({ field: 'billable', type: 'checkbox' });
    });
    const byKey = new Map(pageGridConfig(page).columns.map((c) => [c.key, resolveColumn(c)]));
    expect(byKey.get('workDate')).toMatchObject({ format: 'YYYY/MM/DD', fixed: 'left' });
    expect(byKey.get('remark')).toMatchObject({ disabled: true });
    expect(byKey.get('attachment')).toMatchObject({ btnText: '上传凭证', allowDownload: false, allowRemove: false, token: true });
    expect(checkboxValues(byKey.get('billable')!)).toEqual(['Y', 'N']);
  });

  it('uploads to this server with the session token unless the page names another path, answer field or no token', () => {
    const defaults = workHourWith(() => undefined);
    const byDefault = pageGridConfig(defaults).columns.map(resolveColumn).find((c) => c.key === 'attachment');
    expect(byDefault).toMatchObject({ type: 'upload', token: true, action: '/sys/common/upload', responseName: 'message', number: 3 });

    const page = workHourWith((doc) => setColumn(doc, { field: 'attachment', type: 'upload', token: false, action: '/sys/common/upload/evidence', responseName: 'result' }));
    const attachment = pageGridConfig(page).columns.map(resolveColumn).find((c) => c.key === 'attachment');
    expect(attachment).toMatchObject({ token: false, action: '/sys/common/upload/evidence', responseName: 'result' });
  });

  it("hands the page's props to the cell editor; a checkbox still stores the field's values", () => {
    const page = workHourWith((doc) => {
      doc.fields.push({ name: 'billable', label: '计费', type: 'string', length: 1, options: { switchValues: ['1', '0'] }, widget: 'switch' });
      setColumn(doc, { field: 'remark', props: { placeholder: '请输入备注', maxLength: 50, allowClear: true } });
      doc.grid.columns.push({ field: 'billable', type: 'checkbox', props: { autoFocus: false } });
    });
    const byKey = new Map(pageGridConfig(page).columns.map((c) => [c.key, resolveColumn(c)]));
    expect(byKey.get('remark')?.props).toEqual({ placeholder: '请输入备注', maxLength: 50, allowClear: true });
    expect(byKey.get('billable')?.props).toEqual({ autoFocus: false, customValue: ['1', '0'] });
    expect(checkboxValues(byKey.get('billable')!)).toEqual(['1', '0']);
  });

  it('pages by 10 unless the page sets its own size, which joins the sizes 10/20/30', () => {
    const sizes = (pageSize: number | undefined) => {
      const config = pageGridConfig(
        workHourWith((doc) => {
          doc.grid.pageSize = pageSize;
          if (pageSize === undefined) delete doc.grid.pageSize;
        }),
      );
      return [config.pageSize, config.pageSizeOptions];
    };
    expect(sizes(undefined)).toEqual([10, [10, 20, 30]]);
    expect(sizes(20)).toEqual([20, [10, 20, 30]]);
    expect(sizes(200)).toEqual([200, [10, 20, 30, 200]]);
    expect(sizes(15)).toEqual([15, [10, 15, 20, 30]]);
  });

  it('makes a linkDown field and its linkFields one cascade of linked selects, top level first', () => {
    const page = workHourWith((doc) => doc.grid.columns.push({ field: 'region' }, { field: 'city' }));
    const columns = pageGridConfig(page).columns;
    expect(columns.filter((c) => c.linkageKey === 'region').map((c) => [c.key, c.type])).toEqual([
      ['region', 'select'],
      ['city', 'select'],
    ]);
  });

  it('refuses a cascade whose lower level stands before its parent', () => {
    const page = workHourWith((doc) => doc.grid.columns.push({ field: 'city' }, { field: 'region' }));
    expect(() => pageGridConfig(page)).toThrow('联动字段「city」须紧随其上一级字段之后');
  });

  it("loads a level's options as the children of the row's parent in the linkDown table", async () => {
    const page = workHourWith((doc) => doc.grid.columns.push({ field: 'region' }, { field: 'city' }));
    const fake = createFakeHost();
    fake.respond((call) => {
      const pid = String(call.params?.pid);
      return ok(pid === '86' ? [{ key: '33', value: '33', title: '浙江省', isLeaf: false }] : [{ key: '3301', value: '3301', title: '杭州市', isLeaf: true }]);
    });
    const load = linkDownOptionsLoader(page, fake.host);
    const [region, city] = pageGridConfig(page).columns.filter((c) => c.linkageKey).map(resolveColumn);
    expect(await load(region, null)).toEqual([{ value: '33', text: '浙江省' }]);
    expect(await load(city, '33')).toEqual([{ value: '3301', text: '杭州市' }]);
    expect(fake.callsTo('get').map((call) => [call.url, call.params?.pid, call.params?.tableName])).toEqual([
      ['/sys/dict/loadTreeData', '86', 'mnt_area'],
      ['/sys/dict/loadTreeData', '33', 'mnt_area'],
    ]);
  });
});

describe('专家费 grid: a computed field as a slot column', () => {
  const loaded = loadPageSchema(JSON.parse(fs.readFileSync('schemas/pages/cost/expertCost.json', 'utf8')), 'schemas/pages/cost/expertCost.json');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const columns = pageGridConfig(loaded.page, { expert_service: [{ value: 'survey', text: '现场查勘' }] }).columns.map(resolveColumn);
  const total = columns.find((c) => c.key === 'totalAmount')!;

  it('shows 合计金额 as 金额 + 差旅费 of the row as it is typed, to two decimals, and never edits it', () => {
    expect(total.type).toBe('slot');
    expect(isEditable(total)).toBe(false);
    // Number cells hold text while typed and '' when empty, as the grid keeps them.
    expect(cellValue(total, { amount: '100.1', travelFee: 200.2 })).toBe('300.30');
    expect(cellValue(total, { amount: 800, travelFee: '' })).toBe('800.00');
    expect(cellValue(total, { amount: '', travelFee: '' })).toBe('0.00');
  });

  it('is the default cell of a computed field', () => {
    expect(defaultGridType(loaded.page.fieldByName.get('totalAmount')!)).toBe('slot');
  });

  it('edits 服务内容 as list_multi over its dictionary and 收款人 with the popup picker', () => {
    expect(columns.find((c) => c.key === 'serviceItems')).toMatchObject({ type: 'list_multi', dictCode: 'expert_service', options: [{ value: 'survey', text: '现场查勘' }] });
    expect(columns.find((c) => c.key === 'payeeName')).toMatchObject({ type: 'popup' });
  });
});
