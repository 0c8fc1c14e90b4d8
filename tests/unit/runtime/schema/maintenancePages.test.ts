/**
 * The maintenance (基础数据) pages and the position page, and the demo rows seeded for them: every
 * page loads, every row file has the shape of schemas/meta/seed/entity-rows.schema.json, and every
 * row would pass the page's own form and server checks (required, type, length, dictionaries,
 * patterns, linkage, unique), so a new user opening 基础数据 sees data the pages themselves accept.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../../../../runtime/expr';
import { loadPageSchema, type CompiledPage } from '../../../../runtime/schema/loadPageSchema';
import type { CompiledField } from '../../../../runtime/schema/compiledPageTypes';
import { formatSchemaError } from '../../../../runtime/schema/schemaError';
import { fieldRules, isEmptyValue, isMultiValued, validateValue, type ValidationRule } from '../../../../runtime/validation';
import { pageFiles, repoRoot } from './fixtures';

type Row = Record<string, unknown>;

interface RowsFile {
  file: string;
  entity: string;
  rows: Row[];
}

interface SeedDict {
  dictCode: string;
  items: { value: string }[];
}

interface SeedMenu {
  name: string;
  url: string;
  children?: SeedMenu[];
}

interface SeedDepart {
  orgCode: string;
  children?: SeedDepart[];
}

function readJson(relative: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, relative), 'utf8'));
}

const PAGE_FILES = [
  ...pageFiles(path.join(repoRoot, 'schemas/pages/maintenance')),
  'schemas/pages/sys/position.json',
  // The case and invoice pages (案件, 发票), which other pages pick from.
  'schemas/pages/receive/receive.json',
  'schemas/pages/receipt/receipt.json',
  'schemas/pages/receipt/receiptLink.json',
];
/** The 示例 pages with demo rows: their rows are checked here, their lists are not maintenance lists. */
const EXAMPLE_FILES = ['queryTable', 'standardList', 'searchList', 'basicForm', 'advancedForm', 'stepForm', 'cardList'].map((name) => `schemas/pages/examples/${name}.json`);
const ROWS_DIR = 'schemas/seed/entities';

function loadPage(file: string): CompiledPage {
  const result = loadPageSchema(readJson(file), file);
  if (!result.ok) throw new Error(result.errors.map(formatSchemaError).join('\n'));
  return result.page;
}

const pages = new Map<string, CompiledPage>(PAGE_FILES.map((file) => [file, loadPage(file)]));
const pageByEntity = new Map<string, CompiledPage>(
  [...pages.values(), ...EXAMPLE_FILES.map(loadPage)].map((page) => [`${page.entity.module}/${page.entity.name}`, page]),
);

function rowFiles(dir = path.join(repoRoot, ROWS_DIR)): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return rowFiles(full);
    return entry.name.endsWith('.json') ? [path.relative(repoRoot, full).split(path.sep).join('/')] : [];
  });
}

const rowsFiles: RowsFile[] = rowFiles()
  .sort()
  .map((file) => ({ file, ...(readJson(file) as { entity: string; rows: Row[] }) }));

const dicts = new Map<string, Set<string>>(
  (readJson('schemas/seed/dicts.json') as { dicts: SeedDict[] }).dicts.map((dict) => [
    dict.dictCode,
    new Set(dict.items.map((item) => item.value)),
  ]),
);

function departCodes(departs: SeedDepart[]): string[] {
  return departs.flatMap((depart) => [depart.orgCode, ...departCodes(depart.children ?? [])]);
}

/** Values each table column holds after seeding: the foundation's system tables and every entity's rows. */
function seededColumns(): Map<string, Set<string>> {
  const columns = new Map<string, Set<string>>();
  const add = (table: string, column: string, value: unknown) => {
    if (isEmptyValue(value)) return;
    const key = `${table}.${column}`;
    if (!columns.has(key)) columns.set(key, new Set());
    columns.get(key)?.add(String(value));
  };
  for (const user of (readJson('schemas/seed/users.json') as { users: { username: string }[] }).users) {
    add('sys_user', 'username', user.username);
  }
  for (const code of departCodes((readJson('schemas/seed/departs.json') as { departs: SeedDepart[] }).departs)) {
    add('sys_depart', 'org_code', code);
  }
  for (const position of (readJson('schemas/seed/positions.json') as { positions: { code: string }[] }).positions) {
    add('sys_position', 'code', position.code);
  }
  for (const { entity, rows } of rowsFiles) {
    const page = pageByEntity.get(entity);
    if (!page) continue;
    for (const row of rows) {
      add(page.entity.table, 'id', row.id);
      for (const field of page.fields) add(page.entity.table, field.column, row[field.name]);
    }
  }
  return columns;
}

const seeded = seededColumns();

/** Page rules through runtime/validation's one translation; the server-side checks (unique, ruleCode) pass in validateValue. */
function validationRules(field: CompiledField): ValidationRule[] {
  return [...(field.required ? [{ required: true as const }] : []), ...fieldRules(field)];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const TIME = /^\d{2}:\d{2}:\d{2}$/;

function decimals(value: number): number {
  const text = String(value);
  return text.includes('.') ? text.split('.')[1].length : 0;
}

/** Why a stored value does not fit the field's type and size, or undefined. */
function typeProblem(field: CompiledField, value: unknown): string | undefined {
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') return '应为字符串';
      return [...value].length > (field.length ?? 255) ? `超过长度 ${field.length ?? 255}` : undefined;
    case 'text':
      return typeof value === 'string' ? undefined : '应为字符串';
    case 'integer':
      return Number.isInteger(value) ? undefined : '应为整数';
    case 'number':
    case 'money': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return '应为数字';
      const scale = field.scale ?? (field.type === 'money' ? 2 : 4);
      const integerDigits = String(Math.trunc(Math.abs(value))).length;
      if (decimals(value) > scale) return `小数超过 ${scale} 位`;
      return integerDigits > (field.precision ?? 16) - scale ? '整数位超出精度' : undefined;
    }
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : '应为 yyyy-MM-dd';
    case 'datetime':
      return typeof value === 'string' && DATETIME.test(value) ? undefined : '应为 yyyy-MM-dd HH:mm:ss';
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? undefined : '应为 HH:mm:ss';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : '应为布尔值';
  }
}

/** Values a row holds for a dictionary or reference: each item of a comma-joined multi value. */
function members(field: CompiledField, value: unknown): string[] {
  const text = String(value);
  return isMultiValued(field) ? text.split(',') : [text];
}

/** Why a value is not one the field's dictionary, tree or area picker offers, or undefined. */
function referenceProblem(field: CompiledField, value: unknown, page: CompiledPage, ids: Set<string>): string | undefined {
  const tree = page.entity.tree;
  if (tree && tree.parentField.name === field.name) {
    const id = String(value);
    return id === tree.rootValue || ids.has(id) ? undefined : `上级 ${id} 不存在`;
  }
  let allowed: Set<string> | undefined;
  let source = '';
  if (field.dict?.kind === 'code') {
    allowed = dicts.get(field.dict.dictCode);
    source = `字典 ${field.dict.dictCode}`;
    if (!allowed) return `${source} 未在 schemas/seed/dicts.json 中定义`;
  } else if (field.dict?.kind === 'table') {
    source = `${field.dict.table}.${field.dict.valueColumn}`;
    allowed = seeded.get(source) ?? new Set();
  } else if (field.widget === 'area') {
    source = 'mnt_area.id';
    allowed = seeded.get(source) ?? new Set();
  }
  if (!allowed) return undefined;
  const missing = members(field, value).filter((item) => !allowed.has(item));
  return missing.length > 0 ? `${missing.join(',')} 不在 ${source} 中` : undefined;
}

/** Every problem of one row against its page, as 'field: reason'. */
function rowProblems(page: CompiledPage, row: Row, ids: Set<string>): string[] {
  const problems: string[] = [];
  const declared = new Map(page.fields.map((field) => [field.name, field]));
  for (const key of Object.keys(row)) {
    if (key !== 'id' && !declared.has(key)) problems.push(`${key}: 页面没有声明这个字段`);
  }
  const effective = (field: CompiledField): unknown =>
    row[field.name] ?? (typeof field.default === 'object' ? undefined : field.default);
  for (const field of page.fields) {
    const value = row[field.name];
    if (value === undefined || value === null) {
      if (field.required && field.default === undefined) problems.push(`${field.name}: 必填且没有默认值`);
      continue;
    }
    const type = typeProblem(field, value);
    if (type) {
      problems.push(`${field.name}: ${type}`);
      continue;
    }
    const message = validateValue(value, validationRules(field), { label: field.label });
    if (message) problems.push(`${field.name}: ${message}`);
    const reference = referenceProblem(field, value, page, ids);
    if (reference) problems.push(`${field.name}: ${reference}`);
  }
  // Linkage holds for stored rows too: a field required or set while a condition holds.
  const values = Object.fromEntries(page.fields.map((field) => [field.name, effective(field)]));
  for (const linkage of page.form.linkage) {
    if (!evaluateExpression(linkage.when, { $values: values })) continue;
    const target = linkage.target;
    if (linkage.set.required && evaluateExpression(linkage.set.required, { $values: values }) && isEmptyValue(values[target.name])) {
      problems.push(`${target.name}: ${linkage.pointer} 条件成立时必填`);
    }
    if (linkage.set.value !== undefined) {
      const expected = evaluateExpression(linkage.set.value, { $values: values });
      if (String(expected) !== String(values[target.name])) {
        problems.push(`${target.name}: ${linkage.pointer} 条件成立时应为 ${String(expected)}`);
      }
    }
  }
  return problems;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (upper) => `-${upper.toLowerCase()}`);
}

describe('maintenance and position page documents', () => {
  it.each(PAGE_FILES)('%s loads without errors', (file) => {
    const result = loadPageSchema(readJson(file), file);
    expect(result.ok ? [] : result.errors.map(formatSchemaError)).toEqual([]);
  });

  it('have unique permission prefixes, entity paths and tables', () => {
    const all = [...pages.values()].map((page) => page.entity);
    for (const key of ['permissionPrefix', 'apiPath', 'table'] as const) {
      const values = all.map((entity) => entity[key]);
      expect(values.filter((value, i) => values.indexOf(value) !== i), key).toEqual([]);
    }
  });

  it('describe every item of the 基础数据 menu', () => {
    const menus = (readJson('schemas/seed/menus.json') as { menus: SeedMenu[] }).menus;
    const maintenance = menus.find((menu) => menu.url === '/maintenance');
    const segments = (maintenance?.children ?? []).map((item) => item.url.replace('/maintenance/', ''));
    expect(segments.length).toBeGreaterThan(15);
    const names = [...pages.values()].filter((page) => page.entity.module === 'maintenance').map((page) => kebab(page.entity.name));
    const uncovered = segments.filter((segment) => !names.some((name) => segment === name || segment === `${name}-list`));
    expect(uncovered).toEqual([]);
  });

  it('offer every shared list action and row action with the prefix codes', () => {
    for (const page of pages.values()) {
      // Cases and invoices are registered in the form (with their pickers), not imported from Excel.
      const business = page.entity.module !== 'maintenance' && page.entity.module !== 'sys';
      expect(page.list.toolbar.map((action) => action.action)).toEqual(
        business ? ['add', 'batchDelete', 'export'] : ['add', 'batchDelete', 'export', 'import', 'templateDownload'],
      );
      // Besides the page's own actions (发票's 关联案件 and 红冲) and a workflow's transitions.
      const shared = page.list.rowActions.filter((action) => ['edit', 'detail', 'delete'].includes(action.action));
      expect(shared.map((action) => action.permission)).toEqual([
        `${page.entity.permissionPrefix}:edit`,
        `${page.entity.permissionPrefix}:list`,
        `${page.entity.permissionPrefix}:delete`,
      ]);
    }
  });

  it('give a picker to the entities other pages pick from', () => {
    for (const entity of ['maintenance/expert', 'maintenance/outsource', 'maintenance/insuranceCompany', 'maintenance/custom', 'maintenance/area', 'receive/receive', 'receipt/receipt']) {
      expect(pageByEntity.get(entity)?.picker, entity).toBeDefined();
    }
    expect(pageByEntity.get('maintenance/outsource')?.picker?.multiple).toBe(true);
  });

  it('name the spec fields of expert, outsource, position and the customer tree', () => {
    const names = (entity: string) => pageByEntity.get(entity)?.fields.map((field) => field.name) ?? [];
    expect(names('maintenance/expert')).toEqual(expect.arrayContaining(['expertName', 'contactMobile', 'majorDirection']));
    expect(names('maintenance/outsource')).toEqual(expect.arrayContaining(['outsourceName', 'major', 'contactName', 'contactMobile']));
    expect(names('sys/position')).toEqual(expect.arrayContaining(['name', 'hourCost']));
    expect(names('maintenance/custom')).toContain('customerPName');
    expect(pageByEntity.get('maintenance/area')?.entity.tree?.rootValue).toBe('86');
  });

  it('map the position page onto the existing sys_position columns', () => {
    const position = pageByEntity.get('sys/position');
    expect(position?.entity.table).toBe('sys_position');
    expect(position?.entity.apiPath).toBe('/sys/position');
    expect(position?.fields.map((field) => field.column)).toEqual(['code', 'name', 'post_rank', 'hour_cost']);
    const hourCost = position?.fieldByName.get('hourCost');
    expect([hourCost?.type, hourCost?.precision, hourCost?.scale, hourCost?.required]).toEqual(['money', 12, 2, true]);
    expect(rowsFiles.map((file) => file.entity)).not.toContain('sys/position');
  });

  it('accept the positions the foundation seeds into sys_position', () => {
    const page = pageByEntity.get('sys/position');
    if (!page) throw new Error('no position page');
    const positions = (readJson('schemas/seed/positions.json') as { positions: Row[] }).positions;
    expect(positions.flatMap((row) => rowProblems(page, row, new Set()))).toEqual([]);
  });
});

describe('demo rows of the maintenance entities', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  const validateFile = ajv.compile(readJson('schemas/meta/seed/entity-rows.schema.json') as object);

  it('exist for every maintenance entity and for invoices', () => {
    const seededEntities = rowsFiles.map((file) => file.entity).sort();
    // Cases (schemas/seed/demo/cases.json) and their invoice links come from the demo firm's generator.
    const generated = new Set(['sys/position', 'receive/receive', 'receipt/receiptLink']);
    const wanted = [...pageByEntity.keys()].filter((entity) => !generated.has(entity)).sort();
    expect(seededEntities).toEqual(wanted);
  });

  it.each(rowsFiles)('$file has the entity-rows shape and lives where its entity is', ({ file, entity }) => {
    const valid = validateFile(readJson(file));
    expect(validateFile.errors ?? [], file).toEqual([]);
    expect(valid).toBe(true);
    expect(file).toBe(`${ROWS_DIR}/${entity}.json`);
    expect(pageByEntity.has(entity)).toBe(true);
  });

  it.each(rowsFiles)('$file: every row passes its page’s field rules, dictionaries and linkage', ({ entity, rows }) => {
    const page = pageByEntity.get(entity);
    if (!page) throw new Error(`no page for ${entity}`);
    const ids = new Set(rows.map((row) => String(row.id)));
    const problems = rows.flatMap((row, i) => rowProblems(page, row, ids).map((problem) => `rows/${i} ${problem}`));
    expect(problems).toEqual([]);
  });

  it.each(rowsFiles)('$file: unique fields and unique indexes hold across rows', ({ entity, rows }) => {
    const page = pageByEntity.get(entity);
    if (!page) throw new Error(`no page for ${entity}`);
    const keys = [['id'], ...page.indexes.filter((index) => index.unique).map((index) => index.fields.map((field) => field.name))];
    for (const fields of keys) {
      const values = rows
        .filter((row) => fields.some((name) => !isEmptyValue(row[name])))
        .map((row) => fields.map((name) => String(row[name] ?? '')).join('|'));
      expect(values.filter((value, i) => values.indexOf(value) !== i), `${entity} ${fields.join('+')}`).toEqual([]);
    }
  });

  it.each(rowsFiles.filter(({ entity }) => pageByEntity.get(entity)?.entity.tree))(
    '$file: tree rows name existing parents, come after them, and flag their children',
    ({ entity, rows }) => {
      const tree = pageByEntity.get(entity)?.entity.tree;
      if (!tree) throw new Error('not a tree');
      const parent = tree.parentField.name;
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        const pid = String(row[parent] ?? tree.rootValue);
        expect(pid === tree.rootValue || seen.has(pid), `rows/${i} 的上级 ${pid}`).toBe(true);
        seen.add(String(row.id));
        if (tree.hasChildField) {
          const hasChildren = rows.some((child) => child[parent] === row.id);
          expect(row[tree.hasChildField.name], `rows/${i} ${tree.hasChildField.name}`).toBe(hasChildren ? 'Y' : 'N');
        }
      });
    },
  );

  it('areas hold the province → city → district chains with GB/T 2260 codes under 86', () => {
    const rows = rowsFiles.find((file) => file.entity === 'maintenance/area')?.rows ?? [];
    const byId = new Map(rows.map((row) => [String(row.id), row]));
    const chain = (code: string): string[] => {
      const names: string[] = [];
      for (let row = byId.get(code); row; row = byId.get(String(row.pid))) names.unshift(String(row.areaName));
      return names;
    };
    expect(chain('110108')).toEqual(['北京市', '市辖区', '海淀区']);
    expect(chain('310115')).toEqual(['上海市', '市辖区', '浦东新区']);
    expect(chain('440106')).toEqual(['广东省', '广州市', '天河区']);
    expect(chain('440305')).toEqual(['广东省', '深圳市', '南山区']);
    expect(chain('320102')).toEqual(['江苏省', '南京市', '玄武区']);
    expect(chain('320508')).toEqual(['江苏省', '苏州市', '姑苏区']);
    expect(chain('330106')).toEqual(['浙江省', '杭州市', '西湖区']);
    for (const row of rows) {
      expect(row.id).toBe(row.code);
      // A district's code starts with its city's first four digits, a city's with its province's two.
      if (row.level !== 1) expect(String(row.code).slice(0, row.level === 2 ? 2 : 4)).toBe(String(row.pid).slice(0, row.level === 2 ? 2 : 4));
      expect(row.level).toBe(row.pid === '86' ? 1 : Number(byId.get(String(row.pid))?.level) + 1);
    }
  });

  it('customer tree nodes carry their parent’s name as customerPName', () => {
    const rows = rowsFiles.find((file) => file.entity === 'maintenance/custom')?.rows ?? [];
    const names = new Map(rows.map((row) => [row.id, row.customerName]));
    for (const row of rows) expect(row.customerPName).toBe(row.pid === '0' ? undefined : names.get(row.pid));
    expect(rows.some((row) => row.pid !== '0')).toBe(true);
  });

  it('unified social credit codes and ID card numbers carry valid check characters', () => {
    const usccChars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    const usccWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
    const usccOk = (code: string) => {
      const sum = [...code.slice(0, 17)].reduce((acc, char, i) => acc + usccChars.indexOf(char) * usccWeights[i], 0);
      return usccChars[(31 - (sum % 31)) % 31] === code[17];
    };
    const idWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const idOk = (id: string) =>
      '10X98765432'[[...id.slice(0, 17)].reduce((acc, digit, i) => acc + Number(digit) * idWeights[i], 0) % 11] === id[17].toUpperCase();
    const all = rowsFiles.flatMap((file) => file.rows);
    const credit = all.map((row) => row.creditCode).filter((code): code is string => typeof code === 'string');
    const idNumbers = all.map((row) => row.idNumber).filter((id): id is string => typeof id === 'string');
    expect(credit.length).toBeGreaterThan(10);
    expect(idNumbers).toHaveLength(10);
    expect(credit.filter((code) => !usccOk(code))).toEqual([]);
    expect(idNumbers.filter((id) => !idOk(id))).toEqual([]);
  });

  it('have the sizes the demo needs', () => {
    const count = (entity: string) => rowsFiles.find((file) => file.entity === entity)?.rows.length ?? 0;
    expect(count('maintenance/expert')).toBe(10);
    expect(count('maintenance/outsource')).toBe(5);
    expect(count('maintenance/insuranceCompany')).toBeGreaterThanOrEqual(6);
    expect(count('maintenance/insuranceCompany')).toBeLessThanOrEqual(10);
    const currencies = rowsFiles.find((file) => file.entity === 'maintenance/currency')?.rows.map((row) => row.currencyCode);
    expect(currencies).toEqual(expect.arrayContaining(['CNY', 'USD', 'EUR', 'HKD', 'JPY']));
  });
});

describe('the row checks themselves', () => {
  const expert = pageByEntity.get('maintenance/expert');
  const area = pageByEntity.get('maintenance/area');
  const good: Row = {
    expertName: '王建国',
    sex: '1',
    contactMobile: '13901102345',
    majorDirection: '火灾',
  };

  it('accept a minimal valid row', () => {
    if (!expert) throw new Error('no expert page');
    expect(rowProblems(expert, good, new Set())).toEqual([]);
  });

  it('report a bad mobile, an unknown dictionary value, a missing required field and an undeclared key', () => {
    if (!expert) throw new Error('no expert page');
    const { majorDirection: _dropped, ...withoutMajor } = good;
    expect(rowProblems(expert, { ...withoutMajor, contactMobile: '12345', sex: '3', age: 40 }, new Set())).toEqual([
      'age: 页面没有声明这个字段',
      'sex: 3 不在 字典 sex 中',
      'contactMobile: 请输入正确的手机号码',
      'majorDirection: 必填且没有默认值',
    ]);
  });

  it('report an ID number that is not 15 or 18 digits and a string over its length', () => {
    if (!expert) throw new Error('no expert page');
    expect(rowProblems(expert, { ...good, idNumber: '11010819620314023', expertName: '王'.repeat(51) }, new Set())).toEqual([
      'expertName: 超过长度 50',
      'idNumber: 请输入正确的身份证号码',
    ]);
  });

  it('report a tree row whose parent does not exist', () => {
    if (!area) throw new Error('no area page');
    const row = { id: '999901', code: '999901', areaName: '虚构区', level: 3, pid: '999900' };
    expect(rowProblems(area, row, new Set(['999901']))).toEqual(['pid: 上级 999900 不存在']);
  });

  it('report a row that breaks a linkage requirement', () => {
    const company = pageByEntity.get('maintenance/insuranceCompany');
    if (!company) throw new Error('no insurance company page');
    const row = {
      companyCode: 'TEST',
      companyName: '测试财产保险股份有限公司',
      shortName: '测试财险',
      companyType: '1',
      creditCode: '91110000710931483R',
      status: '0',
    };
    expect(rowProblems(company, row, new Set())).toContain('disableReason: /form/linkage/0 条件成立时必填');
  });
});
