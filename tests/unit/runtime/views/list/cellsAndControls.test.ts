import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createDictService } from '../../../../../runtime/dict/dictService';
import type { CompiledListColumn, CompiledQueryItem } from '../../../../../runtime/schema/compiledPageTypes';
import { cellText, ellipsis, formatMoney } from '../../../../../runtime/views/list/cellText';
import { controlOf, toFormValues, toQueryValues } from '../../../../../runtime/views/list/queryControls';
import { dialogQueryItemCol } from '../../../../../runtime/views/list/QueryBar';
import { createFakeHost } from '../../list/fakeHost';
import { expertPage } from './expertPage';

const page = expertPage();
const item = (name: string): CompiledQueryItem => page.list.query.find((q) => q.field.name === name) as CompiledQueryItem;
const column = (name: string): CompiledListColumn => page.list.columns.find((c) => c.field.name === name) as CompiledListColumn;

describe('query controls', () => {
  it('lays a dialog’s query bar out by the dialog’s width: four items a row at 1000 px, three at 900', () => {
    expect(dialogQueryItemCol(1250)).toEqual({ span: 6 });
    expect(dialogQueryItemCol(1000)).toEqual({ span: 6 });
    expect(dialogQueryItemCol(900)).toEqual({ span: 8 });
    expect(dialogQueryItemCol(600)).toEqual({ span: 12 });
    expect(dialogQueryItemCol(300)).toEqual({ span: 24 });
  });

  it('picks the input by field type and mode', () => {
    expect(controlOf(item('expertName'))).toBe('input');
    expect(controlOf(item('sex'))).toBe('select');
    expect(controlOf(item('createTime'))).toBe('dateRange');
    expect(controlOf({ ...item('sex'), mode: 'in' })).toBe('multiSelect');
    expect(controlOf({ ...item('createTime'), mode: 'eq' })).toBe('datetime');
    expect(controlOf({ ...item('createTime'), field: { ...item('createTime').field, type: 'money' }, mode: 'ge' })).toBe('number');
  });

  it('stretches a datetime day range over whole days and round-trips it back to the pickers', () => {
    const range = item('createTime');
    const query = toQueryValues([range], { createTime: [dayjs('2024-03-05 13:00:00'), dayjs('2024-03-09 08:00:00')] });
    expect(query).toEqual({ createTime: { begin: '2024-03-05 00:00:00', end: '2024-03-09 23:59:59' } });
    const form = toFormValues([range], query);
    const [begin, end] = form.createTime as [dayjs.Dayjs, dayjs.Dayjs];
    expect(begin.format('YYYY-MM-DD')).toBe('2024-03-05');
    expect(end.format('YYYY-MM-DD')).toBe('2024-03-09');
  });

  it('sends a datetime le bound as the end of its day and ge as its start', () => {
    const created = item('createTime');
    const day = dayjs('2024-03-05 10:00:00');
    expect(toQueryValues([{ ...created, mode: 'le' }], { createTime: day })).toEqual({ createTime: '2024-03-05 23:59:59' });
    expect(toQueryValues([{ ...created, mode: 'ge' }], { createTime: day })).toEqual({ createTime: '2024-03-05 00:00:00' });
  });

  it('leaves out empty inputs and keeps numbers as text', () => {
    const name = item('expertName');
    expect(toQueryValues([name], { expertName: undefined })).toEqual({});
    const amount = { ...name, field: { ...name.field, name: 'amount', type: 'money' as const }, mode: 'ge' as const };
    expect(toQueryValues([amount], { amount: 12.5 })).toEqual({ amount: '12.5' });
  });
});

describe('cell text', () => {
  const dict = createDictService(createFakeHost().host);
  dict.seed({ sex: [{ value: '1', text: '男' }, { value: '2', text: '女' }] });

  it('formats money with thousands separators and 2 decimals', () => {
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
    expect(formatMoney('-0.456')).toBe('-0.46');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('abc');
  });

  it('shows dates by their first 10 characters and dictionary values by their text', () => {
    const created = column('createTime');
    expect(cellText({ ...created, format: 'date' }, { createTime: '2024-05-01 08:30:00' }, dict)).toBe('2024-05-01');
    expect(cellText(created, { createTime: '2024-05-01 08:30:00' }, dict)).toBe('2024-05-01 08:30:00');
    expect(cellText(column('sex'), { sex: '1,2' }, dict)).toBe('男,女');
    expect(cellText(column('sex'), { sex: 9 }, dict)).toBe('9');
    expect(cellText(column('sex'), { sex: null }, dict)).toBe('');
  });

  it('shows a column’s emptyText in an empty cell and the value otherwise (主数据库 for a blank data source)', () => {
    const sex = { ...column('sex'), emptyText: '主数据库' };
    expect(cellText(sex, { sex: null }, dict)).toBe('主数据库');
    expect(cellText(sex, { sex: '' }, dict)).toBe('主数据库');
    expect(cellText(sex, { sex: '1' }, dict)).toBe('男');
  });

  it('cuts after N characters with ... and never when N is 0', () => {
    expect(ellipsis('一二三四五', 3)).toEqual({ shown: '一二三...', cut: true });
    expect(ellipsis('一二三', 3)).toEqual({ shown: '一二三', cut: false });
    expect(ellipsis('x'.repeat(100), 0)).toEqual({ shown: 'x'.repeat(100), cut: false });
  });
});
