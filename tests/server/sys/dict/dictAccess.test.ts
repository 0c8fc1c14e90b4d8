/**
 * The dictionary matrix of the security review (issue 12, item 1): who may read which table
 * dictionary through /sys/dict/getDictItems, loadDict and loadDictItem. Every table dictionary a
 * shipped page declares × every demo user: allowed exactly when the user holds the list code of a
 * page declaring it (system allow-list dictionaries: every signed-in user); refused with 510
 * otherwise. Undeclared dictionaries and sensitive columns are refused for everybody, admin too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEntityPages } from '../../../../server/crud/pages';
import { computeSign } from '../../../../server/http/sign';
import { DATABASE_KINDS } from '../../../support/database';
import { API, authHeaders, body, DEMO_USERS, signInDemoUsers, startTestApp, type DemoUser, type TestApp } from '../../support/app';

const USERS = DEMO_USERS;
type User = DemoUser;

/** The system dictionaries pages use; any signed-in user reads them (the org pickers show them anyway). */
const SYSTEM_DICTIONARIES = new Set(['sys_user,realname,username', 'sys_user,realname,id', 'sys_depart,depart_name,org_code', 'sys_depart,depart_name,id', 'sys_role,role_name,id', 'sys_category,name,id', 'sys_tenant,name,id']);
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };
const NOT_ALLOWED = { success: false, code: 500, message: '字典表或字段不在允许范围内' };

const pages = loadEntityPages();

/**
 * 'table,text,code' → the list codes of the pages declaring it, read straight from the documents:
 * a field's dictCode naming a table, a treeSelect's dictTable, a linkDown's table and columns.
 */
function declaredDictionaries(): Map<string, Set<string>> {
  const declared = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const field of page.document.fields) {
      const link = field.options?.linkDown;
      const codes = [
        field.dictCode?.includes(',') ? field.dictCode : undefined,
        field.options?.treeSelect?.dictTable,
        link ? `${link.table},${link.textColumn},${link.valueColumn}` : undefined,
      ];
      for (const code of codes) {
        if (code === undefined) continue;
        declared.set(code, (declared.get(code) ?? new Set()).add(`${page.entity.permissionPrefix}:list`));
      }
    }
  }
  return declared;
}

const declared = declaredDictionaries();

/** 'table,text,code,pid' of every declared tree (treeSelect, linkDown) → the list codes of the pages declaring it. */
function declaredTrees(): Map<string, Set<string>> {
  const trees = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const field of page.document.fields) {
      const tree = field.options?.treeSelect;
      const link = field.options?.linkDown;
      const key = tree ? `${tree.dictTable},${tree.pidField}` : link ? `${link.table},${link.textColumn},${link.valueColumn},${link.pidColumn}` : undefined;
      if (key) trees.set(key, (trees.get(key) ?? new Set()).add(`${page.entity.permissionPrefix}:list`));
    }
  }
  return trees;
}
const trees = declaredTrees();
const sensitiveColumns = pages.flatMap((page) => page.fields.filter((f) => f.sensitive).map((f) => ({ table: page.entity.table, column: f.column })));

/** yyyyMMddHHmmss in Beijing time, as the web app sends X-TIMESTAMP. */
function beijingStamp(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

describe.each(DATABASE_KINDS)('table dictionary access (%s)', (kind) => {
  let t: TestApp;
  let tokens: Record<User, string>;
  /** The button codes each user holds, as the web app receives them (and shows its buttons by). */
  let codes: Record<User, Set<string>>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ tokens, codes } = await signInDemoUsers(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** GET a signed dictionary endpoint the way the web app does. */
  async function signedGet(user: User, path: string, query: Record<string, string> = {}) {
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    const qs = new URLSearchParams(query).toString();
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}${path.split('/').map(encodeURIComponent).join('/')}${qs ? `?${qs}` : ''}`,
      headers: { ...authHeaders(tokens[user]), 'x-sign': computeSign(query, lastSegment), 'x-timestamp': beijingStamp() },
    });
    return body<unknown>(response);
  }

  /** The answers of the three endpoints for one dictionary code. */
  async function answers(user: User, dictCode: string) {
    return [
      await signedGet(user, `/sys/dict/getDictItems/${dictCode}`),
      await signedGet(user, `/sys/dict/loadDict/${dictCode}`, { keyword: '', pageSize: '10' }),
      await signedGet(user, `/sys/dict/loadDictItem/${dictCode}`, { key: '1' }),
    ];
  }

  it('the shipped pages declare table dictionaries on page tables and on the system allow-list only', () => {
    expect(declared.size).toBeGreaterThan(10);
    for (const dictCode of declared.keys()) {
      // A table some page serves (the system tables too, since 系统管理 has pages), or one on the allow-list.
      const table = dictCode.split(',')[0];
      if (!pages.some((p) => p.entity.table === table)) expect(SYSTEM_DICTIONARIES, dictCode).toContain(dictCode);
    }
    // The matrix says something about each role: some dictionaries allowed, some refused.
    expect(codes.lisi.has('expertCost:list') && !codes.lisi.has('trustConfig:list')).toBe(true);
    expect(codes.wangwu.has('receive:list') && !codes.wangwu.has('expertCost:list')).toBe(true);
  });

  it.each(USERS)('%s reads a declared table dictionary exactly when it may list a page declaring it', async (user) => {
    const outcome: Record<string, boolean> = {};
    for (const [dictCode, listCodes] of declared) {
      const expected = SYSTEM_DICTIONARIES.has(dictCode) || [...listCodes].some((code) => codes[user].has(code));
      outcome[dictCode] = expected;
      for (const answer of await answers(user, dictCode)) {
        if (expected) expect(answer, `${user} ${dictCode}`).toMatchObject({ success: true, code: 200, result: expect.any(Array) });
        else expect(answer, `${user} ${dictCode}`).toMatchObject(NO_PERMISSION);
      }
    }
    // The review's cases, spelled out.
    if (user === 'admin') expect(Object.values(outcome).every(Boolean)).toBe(true);
    if (user === 'lisi') {
      expect(outcome['mnt_expert,expert_name,id']).toBe(true); // 专家费 (expertCost:list) picks experts
      expect(outcome['mnt_trust_level,level_name,level_code']).toBe(false);
    }
    if (user === 'wangwu') {
      expect(outcome['mnt_insurance_company,short_name,company_code']).toBe(true); // 全部案件 (receive:list)
      expect(outcome['mnt_expert,expert_name,id']).toBe(true); // 支付费用 (caseCost:list) names the expert paid
      expect(outcome['mnt_trust_level,level_name,level_code']).toBe(false);
    }
  });

  it.each(USERS)('%s reads a declared tree (loadTreeData) exactly when it may list a page declaring it', async (user) => {
    expect(trees.size).toBeGreaterThan(2);
    for (const [key, listCodes] of trees) {
      const [tableName, text, code, pidField] = key.split(',');
      const answer = await signedGet(user, '/sys/dict/loadTreeData', { tableName, text, code, pidField, pid: '0' });
      if ([...listCodes].some((c) => codes[user].has(c))) expect(answer, `${user} ${key}`).toMatchObject({ success: true, result: expect.any(Array) });
      else expect(answer, `${user} ${key}`).toMatchObject(NO_PERMISSION);
    }
  });

  it('what a user may read comes back with rows', async () => {
    const experts = (await answers('lisi', 'mnt_expert,expert_name,id'))[0] as { result: Array<{ text: string }> };
    expect(experts.result.length).toBeGreaterThan(0);
    const insurers = await signedGet('wangwu', '/sys/dict/loadDictItem/mnt_insurance_company,short_name,company_code', { key: 'PICC' });
    expect(insurers).toMatchObject({ success: true, result: ['人保财险'] });
  });

  it.each([
    'mnt_email_config,password,id',
    'mnt_email_config,account,id',
    'mnt_expert,id_number,id',
    'mnt_expert,bank_account,expert_name',
    'mnt_expert,expert_name,id_number',
    'mnt_outsource,bank_account,id',
    'biz_receipt,amount,id',
    'biz_receive,attachments,id',
    'mnt_insurance_company,company_code,short_name',
    'mnt_insurance_company,pg_password,company_code',
    'sys_user,password,id',
  ])('the undeclared %s is refused to everybody, admin included', async (dictCode) => {
    for (const user of USERS) {
      for (const answer of await answers(user, dictCode)) expect(answer, `${user} ${dictCode}`).toMatchObject(NOT_ALLOWED);
    }
  });

  it('no dictionary shows or keys on a sensitive column (passwords, ID numbers, bank accounts)', async () => {
    expect(sensitiveColumns.length).toBeGreaterThanOrEqual(4);
    for (const { table, column } of sensitiveColumns) {
      for (const dictCode of declared.keys()) {
        const [dictTable, ...columns] = dictCode.split(',');
        if (dictTable === table) expect(columns, dictCode).not.toContain(column);
      }
      for (const dictCode of [`${table},${column},id`, `${table},id,${column}`]) {
        for (const answer of await answers('admin', dictCode)) expect(answer, dictCode).toMatchObject(NOT_ALLOWED);
      }
    }
  });

  it('code dictionaries stay open to every signed-in user', async () => {
    for (const user of USERS) {
      expect(await signedGet(user, '/sys/dict/getDictItems/sex'), user).toMatchObject({ success: true, result: expect.arrayContaining([expect.objectContaining({ value: '1', text: '男' })]) });
    }
  });
});
