import { describe, expect, it } from 'vitest';
import {
  DESIGNER_MESSAGES,
  addParam,
  configFromAnswer,
  configProblem,
  emptyConfig,
  mergeParsed,
  moveItem,
  previewBody,
  previewColumns,
  saveBody,
  sqlParams,
  updateItem,
  updateParam,
  type ReportConfig,
} from '../../../../runtime/onlineReport/designerModel';

const SQL = "select insurer_name, count(*) as case_count, sum(fee_amount) as fee_total from biz_receive where receive_date >= ${since} group by insurer_name";

const parsed = {
  columns: [
    { fieldName: 'insurer_name', fieldType: 'String' },
    { fieldName: 'case_count', fieldType: 'Integer' },
    { fieldName: 'fee_total', fieldType: 'BigDecimal' },
  ],
  params: ['since'],
};

function designed(): ReportConfig {
  const start = emptyConfig();
  return mergeParsed({ ...start, head: { ...start.head, code: 'case_by_insurer', name: '委托方案件统计', cgrSql: SQL } }, parsed);
}

describe('报表配置 designer model', () => {
  it('解析SQL on a new report gives one shown row per column titled by its name, and one param per placeholder', () => {
    const config = designed();
    expect(config.items.map((i) => [i.fieldName, i.fieldTxt, i.fieldType, i.isShow, i.isSearch, i.isTotal, i.orderNum])).toEqual([
      ['insurer_name', 'insurer_name', 'String', true, false, false, 1],
      ['case_count', 'case_count', 'Integer', true, false, false, 2],
      ['fee_total', 'fee_total', 'BigDecimal', true, false, false, 3],
    ]);
    expect(config.params).toEqual([{ paramName: 'since', paramTxt: 'since', paramValue: '', orderNum: 1 }]);
  });

  it('解析SQL again keeps the titles, flags and params already typed, adds new columns and drops gone ones', () => {
    let config = designed();
    config = updateItem(config, 0, { fieldTxt: '委托方', isSearch: true, dictCode: 'insurer' });
    config = updateItem(config, 2, { fieldTxt: '公估费合计', isTotal: true, fieldWidth: 120 });
    config = updateParam(config, 0, { paramTxt: '起始日期', paramValue: '2026-01-01' });
    const again = mergeParsed(config, {
      columns: [
        { fieldName: 'fee_total', fieldType: 'Double' },
        { fieldName: 'insurer_name', fieldType: 'String' },
        { fieldName: 'insurer_code', fieldType: 'String' },
      ],
      params: ['since', 'until'],
    });
    expect(again.items.map((i) => [i.fieldName, i.fieldTxt, i.fieldType, i.orderNum])).toEqual([
      ['fee_total', '公估费合计', 'Double', 1],
      ['insurer_name', '委托方', 'String', 2],
      ['insurer_code', 'insurer_code', 'String', 3],
    ]);
    expect(again.items[0]).toMatchObject({ isTotal: true, fieldWidth: 120 });
    expect(again.items[1]).toMatchObject({ isSearch: true, dictCode: 'insurer' });
    expect(again.params).toEqual([
      { paramName: 'since', paramTxt: '起始日期', paramValue: '2026-01-01', orderNum: 1 },
      { paramName: 'until', paramTxt: 'until', paramValue: '', orderNum: 2 },
    ]);
  });

  it('reads queryAll in order, whatever form the flags arrive in', () => {
    const config = configFromAnswer({
      head: { id: 'r1', code: 'c', name: '报表', cgrSql: 'select 1 as a', dbSource: null },
      items: [
        { fieldName: 'b', fieldTxt: 'B', fieldType: 'integer', isShow: 0, isOrder: true, isSearch: '1', isTotal: '1', searchMode: 'group', orderNum: 2, fieldWidth: '80' },
        { fieldName: 'a', fieldTxt: 'A', fieldType: 'String', orderNum: 1 },
      ],
      params: [{ paramName: 'p', paramTxt: 'P', paramValue: null, orderNum: 1 }],
    });
    expect(config.head).toEqual({ id: 'r1', code: 'c', name: '报表', cgrSql: 'select 1 as a', dbSource: '' });
    expect(config.items.map((i) => i.fieldName)).toEqual(['a', 'b']);
    expect(config.items[0]).toMatchObject({ isShow: true, isSearch: false, isTotal: false, searchMode: 'single' });
    expect(config.items[1]).toMatchObject({ fieldType: 'Integer', isShow: false, isOrder: true, isSearch: true, isTotal: true, searchMode: 'group', fieldWidth: 80 });
    expect(config.params[0].paramValue).toBe('');
  });

  it('moves an item up and down, renumbering; the ends stay put', () => {
    const config = designed();
    expect(moveItem(config, 2, -1).items.map((i) => `${i.orderNum}:${i.fieldName}`)).toEqual(['1:insurer_name', '2:fee_total', '3:case_count']);
    expect(moveItem(config, 0, -1)).toBe(config);
    expect(moveItem(config, 2, 1)).toBe(config);
  });

  it('says what is missing before saving, in the order of the form', () => {
    const empty = emptyConfig();
    expect(configProblem(empty, 'save')).toBe(DESIGNER_MESSAGES.codeRequired);
    expect(configProblem({ ...empty, head: { ...empty.head, code: '1abc' } }, 'save')).toBe(DESIGNER_MESSAGES.codePattern);
    expect(configProblem({ ...empty, head: { ...empty.head, code: 'abc' } }, 'save')).toBe(DESIGNER_MESSAGES.nameRequired);
    expect(configProblem({ ...empty, head: { ...empty.head, code: 'abc', name: 'n' } }, 'save')).toBe(DESIGNER_MESSAGES.sqlRequired);
    expect(configProblem({ ...empty, head: { ...empty.head, code: 'abc', name: 'n', cgrSql: 'select 1' } }, 'save')).toBe(DESIGNER_MESSAGES.noItems);
    expect(configProblem(updateItem(designed(), 1, { fieldTxt: ' ' }), 'save')).toBe('字段 case_count 的标题不能为空');
    expect(configProblem(addParam(designed()), 'save')).toBe('第 2 个参数的名称不能为空');
    expect(configProblem({ ...designed(), params: [] }, 'save')).toBe('SQL 中的参数 ${since} 没有配置');
    expect(configProblem(designed(), 'save')).toBeUndefined();
    // A preview needs no code or name yet.
    const unnamed = designed();
    expect(configProblem({ ...unnamed, head: { ...unnamed.head, code: '', name: '' } }, 'preview')).toBeUndefined();
  });

  it('finds each ${param} of an SQL text once', () => {
    expect(sqlParams('select * from t where a >= ${since} and b <= ${ until } or a = ${since}')).toEqual(['since', 'until']);
  });

  it('saves trimmed values with JeecgBoot flags, the main database as null, and the id only when editing', () => {
    let config = designed();
    config = updateItem(config, 0, { fieldTxt: ' 委托方 ', isSearch: true, dictCode: ' ' });
    config = updateItem(config, 2, { isTotal: true });
    const body = saveBody({ ...config, head: { ...config.head, code: ' case_by_insurer ' } });
    expect(body.head).toEqual({ code: 'case_by_insurer', name: '委托方案件统计', cgrSql: SQL, dbSource: null });
    expect(body.items[0]).toEqual({
      fieldName: 'insurer_name', fieldTxt: '委托方', fieldWidth: null, fieldType: 'String', searchMode: 'single',
      isOrder: 0, isSearch: 1, dictCode: null, isShow: 1, isTotal: '0', orderNum: 1,
    });
    expect(body.items[2]).toMatchObject({ isTotal: '1' });
    expect(saveBody({ ...config, head: { ...config.head, id: 'r9', dbSource: 'ds1' } }).head).toMatchObject({ id: 'r9', dbSource: 'ds1' });
  });

  it('previews with the typed values, the defaults where nothing was typed', () => {
    const config = updateParam(designed(), 0, { paramValue: '2026-01-01' });
    expect(previewBody(config).paramValues).toEqual({ since: '2026-01-01' });
    expect(previewBody(config, { since: '2026-06-01' }).paramValues).toEqual({ since: '2026-06-01' });
  });

  it('titles the preview table by the answer, else by the items', () => {
    const config = updateItem(designed(), 0, { fieldTxt: '委托方' });
    expect(previewColumns(config, [{ fieldName: 'insurer_name', fieldType: 'String' } as never, { title: '件数', dataIndex: 'case_count' }])).toEqual([
      { dataIndex: 'insurer_name', title: '委托方' },
      { dataIndex: 'case_count', title: '件数' },
    ]);
    expect(previewColumns(updateItem(config, 1, { isShow: false }), undefined).map((c) => c.title)).toEqual(['委托方', 'fee_total']);
  });
});
