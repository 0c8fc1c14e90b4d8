import { describe, expect, it } from 'vitest';
import { clearedValues, mappedValues, parseSorter, popupConfig, shownText } from '../../../../../runtime/widgets/popup/popupConfig';
import { dataParams, dictText, initialValues } from '../../../../../runtime/widgets/popup/reportQuery';

describe('popup configuration and mapping', () => {
  it('accepts comma lists as JeecgBoot props and arrays as the page language, defaulting field, spliter, width and multi', () => {
    const fromProps = popupConfig({ code: 'r', orgFields: 'a, b' as unknown as string[], destFields: ['x', 'y'] }, 'x');
    expect(fromProps).toEqual({
      ok: true,
      config: { code: 'r', orgFields: ['a', 'b'], destFields: ['x', 'y'], multi: false, field: 'x', ownField: 'x', spliter: ',', param: {}, width: 1200 },
    });
    expect(popupConfig(undefined, 'x')).toEqual({ ok: false, message: 'popup参数未正确配置!' });
    expect(popupConfig({ code: 'r', orgFields: ['a'], destFields: ['x', 'y'] }, 'x')).toEqual({
      ok: false,
      message: 'popup参数未正确配置，原始值和目标值数量不一致!',
    });
  });

  it("reads the sorter 'column=asc|desc' and ignores anything else", () => {
    expect(parseSorter('companyCode=DESC')).toEqual({ column: 'companyCode', order: 'desc' });
    expect(parseSorter('companyCode')).toBeUndefined();
    expect(parseSorter('companyCode=up')).toBeUndefined();
    expect(parseSorter('=asc')).toBeUndefined();
  });

  it('maps orgFields to destFields, comma-joined, keeping 0 and blanking null', () => {
    const result = popupConfig({ code: 'r', orgFields: ['n', 'c'], destFields: ['name', 'count'] }, 'name');
    if (!result.ok) throw new Error(result.message);
    expect(mappedValues(result.config, [{ n: 'a', c: 0 }, { n: null, c: 2 }])).toEqual({ name: 'a,', count: '0,2' });
    expect(clearedValues(result.config)).toEqual({ name: '', count: '' });
  });

  it('joins several rows by the spliter and shows a stored value split by it, comma-separated', () => {
    const result = popupConfig({ code: 'r', orgFields: ['n', 'c'], destFields: ['name', 'code'], multi: true, spliter: ';' }, 'name');
    if (!result.ok) throw new Error(result.message);
    expect(mappedValues(result.config, [{ n: 'a', c: 'A' }, { n: 'b', c: 'B' }])).toEqual({ name: 'a;b', code: 'A;B' });
    expect(shownText(result.config, 'a;b')).toBe('a,b');
    expect(shownText(result.config, null)).toBe('');
    // The default spliter shows the value as stored.
    expect(shownText(undefined, 'a,b')).toBe('a,b');
  });

  it('gives the own field the values of `field` when it names another destination', () => {
    const result = popupConfig({ code: 'r', orgFields: ['n', 'c'], destFields: ['name', 'code'], field: 'name' }, 'label');
    if (!result.ok) throw new Error(result.message);
    expect(mappedValues(result.config, [{ n: 'a', c: 'A' }])).toEqual({ name: 'a', code: 'A', label: 'a' });
    expect(clearedValues(result.config)).toEqual({ name: '', code: '', label: '' });
  });

  it('builds getData parameters: self_ params, wrapped text, exact dictionary values, ranges, sort and page', () => {
    const items = [
      { field: 'name', label: '名称', mode: 'single' as const, view: 'text' },
      { field: 'kind', label: '类型', mode: 'single' as const, view: 'list', dictCode: 'k' },
      { field: 'sortNo', label: '排序', mode: 'group' as const, view: 'number' },
    ];
    expect(
      dataParams({
        param: { kind: '1', blank: ' ' },
        items,
        values: { name: ' 人保 ', kind: '2', sortNo_begin: '1', sortNo_end: '' },
        sort: { column: 'name', order: 'asc' },
        pageNo: 2,
        pageSize: 20,
      }),
    ).toEqual({ self_kind: '1', name: '*人保*', kind: '2', sortNo_begin: '1', column: 'name', order: 'asc', pageNo: 2, pageSize: 20 });
    expect(initialValues(items, { kind: "'2'", other: 'x' })).toEqual({ kind: '2' });
  });

  it('shows dictionary text per comma-separated value, unknown values as they are', () => {
    const options = [
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ];
    expect(dictText(options, '1,2,9')).toBe('男,女,9');
    expect(dictText(undefined, 3)).toBe('3');
    expect(dictText(options, null)).toBe('');
  });
});
