import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEntityPages } from '../../../server/crud/pages';
import { loadPageSchema } from '../../../runtime/schema/loadPageSchema';
import { checkReports, loadReports, popupReferenceErrors, ReportLoadError } from '../../../server/reports';

const pages = loadEntityPages();
let dir = '';
const made: string[] = [];

function reportsDir(files: Record<string, unknown>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-reports-'));
  made.push(dir);
  for (const [name, doc] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), typeof doc === 'string' ? doc : JSON.stringify(doc));
  }
  return dir;
}

function loadErrors(files: Record<string, unknown>): string {
  try {
    loadReports(pages, reportsDir(files));
  } catch (err) {
    expect(err).toBeInstanceOf(ReportLoadError);
    return (err as Error).message;
  }
  throw new Error('expected a ReportLoadError');
}

const good = {
  code: 'good_report',
  name: '选择专家',
  page: 'maintenance/expert',
  columns: [{ field: 'expertName' }],
};

afterEach(() => {
  for (const each of made.splice(0)) fs.rmSync(each, { recursive: true, force: true });
});

describe('report documents at start', () => {
  it('loads the shipped reports against the shipped pages', () => {
    const reports = loadReports(pages);
    expect(reports.map((r) => r.code).sort()).toEqual(['expert_report', 'insurance_company_report']);
    const expert = reports.find((r) => r.code === 'expert_report');
    expect(expert?.page.permissions.list).toBe('expert:list');
    expect(expert?.params.map((p) => [p.name, p.field.column])).toEqual([['sex', 'sex']]);
  });

  it('defaults titles, modes and the sort from the page', () => {
    const [report] = loadReports(pages, reportsDir({ 'good_report.json': { ...good, query: [{ field: 'expertName' }] } }));
    expect(report.columns[0].title).toBe('专家姓名');
    expect(report.query[0]).toMatchObject({ mode: 'single', label: '专家姓名', hidden: false });
    expect(report.defaultSort).toMatchObject({ order: 'desc' });
    expect(report.defaultSort.field.name).toBe('createTime');
  });

  it('names file and pointer of a missing page', () => {
    const message = loadErrors({ 'good_report.json': { ...good, page: 'maintenance/nothing' } });
    expect(message).toContain('报表定义有误，服务无法启动');
    expect(message).toMatch(/good_report\.json#\/page 报表引用的页面 maintenance\/nothing 不存在/);
  });

  it('names file and pointer of every missing field', () => {
    const message = loadErrors({
      'good_report.json': {
        ...good,
        columns: [{ field: 'expertName' }, { field: 'salary' }],
        query: [{ field: 'age', mode: 'group' }],
        params: { who: 'nobody' },
        defaultSort: { field: 'rank', order: 'asc' },
      },
    });
    expect(message).toMatch(/good_report\.json#\/columns\/1\/field 页面 maintenance\/expert 没有字段 salary/);
    expect(message).toMatch(/#\/query\/0\/field 页面 maintenance\/expert 没有字段 age/);
    expect(message).toMatch(/#\/params\/who 页面 maintenance\/expert 没有字段 nobody/);
    expect(message).toMatch(/#\/defaultSort\/field 页面 maintenance\/expert 没有字段 rank/);
  });

  it('reports meta-schema errors in Chinese, duplicate columns, a file named unlike its code and duplicate codes', () => {
    expect(loadErrors({ 'good_report.json': { ...good, sql: 'select * from sys_user' } })).toMatch(/#\/sql 不允许的属性 sql/);
    expect(loadErrors({ 'good_report.json': { ...good, columns: [] } })).toMatch(/#\/columns 至少需要 1 项/);
    expect(loadErrors({ 'good_report.json': { ...good, query: [{ field: 'expertName', mode: 'range' }] } })).toMatch(/#\/query\/0\/mode 取值 range 不在允许范围内/);
    expect(loadErrors({ 'good_report.json': { ...good, columns: [{ field: 'expertName' }, { field: 'expertName' }] } })).toMatch(/#\/columns\/1\/field 列字段 expertName 重复/);
    expect(loadErrors({ 'other.json': good })).toMatch(/other\.json#\/code 报表文件应命名为 good_report\.json/);
    expect(loadErrors({ 'good_report.json': '{ not json' })).toMatch(/good_report\.json# 不是合法的 JSON/);
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.writeFileSync(path.join(dir, 'good_report.json'), JSON.stringify(good));
    fs.writeFileSync(path.join(dir, 'sub', 'good_report.json'), JSON.stringify(good));
    expect(() => loadReports(pages, dir)).toThrow(/报表编码 good_report 与 .* 重复/);
  });

  it('checks every popup field against the reports: the code and each orgField (npm run schemas:check)', () => {
    expect(checkReports()).toEqual([]);
    const doc = JSON.parse(fs.readFileSync(path.resolve('schemas/pages/examples/caseContact.json'), 'utf8')) as {
      fields: Array<{ options?: { popup?: { code: string; orgFields: string[] } } }>;
    };
    const [, company, , , experts] = doc.fields;
    if (!company.options?.popup || !experts.options?.popup) throw new Error('the example has two popups');
    company.options.popup.code = 'no_report';
    experts.options.popup.orgFields[0] = 'salary';
    const loaded = loadPageSchema(doc, 'schemas/pages/examples/caseContact.json');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(popupReferenceErrors([loaded.page], loadReports(pages))).toEqual([
      {
        source: 'schemas/pages/examples/caseContact.json',
        pointer: '/fields/1/options/popup/code',
        message: 'popup 引用的报表 no_report 不存在（应为 schemas/reports/no_report.json）',
      },
      expect.objectContaining({ pointer: '/fields/4/options/popup/orgFields/0', message: '报表 expert_report 没有列 salary' }),
    ]);
  });

  it("checks a popup's param names against the report's params and its sorter against the report's columns", () => {
    const doc = JSON.parse(fs.readFileSync(path.resolve('schemas/pages/examples/caseContact.json'), 'utf8')) as {
      fields: Array<{ options?: { popup?: Record<string, unknown> } }>;
    };
    const company = doc.fields[1].options?.popup;
    if (!company) throw new Error('the example has a company popup');
    Object.assign(company, { param: { companyType: '1', region: '33' }, sorter: 'status=desc' });
    const loaded = loadPageSchema(doc, 'schemas/pages/examples/caseContact.json');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect(popupReferenceErrors([loaded.page], loadReports(pages))).toEqual([
      expect.objectContaining({ pointer: '/fields/1/options/popup/param/region', message: '报表 insurance_company_report 没有参数 region', expected: 'companyType、status' }),
      expect.objectContaining({ pointer: '/fields/1/options/popup/sorter', message: '报表 insurance_company_report 不能按 status 排序：它不是报表的列' }),
    ]);
  });
});
