import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPageFolder } from '../../../../generators/check-schemas';
import type { PageDocument, PageField } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { loadEntityPages, PageLoadError } from '../../../../server/crud/pages';
import { repoRoot } from './fixtures';

const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');

/** 收款账户: a page with a secret, an ID number, a bank card and a plain name. */
function accountDocument(): PageDocument {
  return {
    schemaVersion: 1,
    entity: { name: 'payeeAccount', module: 'cost', title: '收款账户', table: 'tst_payee_account', permissionPrefix: 'payeeAccount' },
    fields: [
      { name: 'holderName', label: '户名', type: 'string', length: 50 },
      { name: 'pin', label: '取款密码', type: 'string', length: 20, widget: 'password' },
      { name: 'holderId', label: '身份证号', type: 'string', length: 18, rules: [{ pattern: 'chineseIdCard' }] },
      { name: 'cardNo', label: '银行卡号', type: 'string', length: 20, rules: [{ pattern: 'bankCard' }] },
      { name: 'branchCode', label: '网点编码', type: 'string', length: 20, sensitive: true },
      { name: 'note', label: '备注', type: 'string', length: 20, widget: 'password', sensitive: false },
    ],
    list: { columns: [{ field: 'holderName' }], toolbar: [], rowActions: [] },
    form: {},
  } as PageDocument;
}

/** 付款单: picks an account through a table dictionary on the account page's table. */
function paymentDocument(dictCode: string, extra: PageField[] = []): PageDocument {
  return {
    schemaVersion: 1,
    entity: { name: 'payment', module: 'cost', title: '付款单', table: 'tst_payment', permissionPrefix: 'payment' },
    fields: [{ name: 'accountId', label: '收款账户', type: 'string', length: 64, dictCode }, ...extra],
    list: { columns: [{ field: 'accountId' }], toolbar: [], rowActions: [] },
    form: {},
  } as PageDocument;
}

describe('sensitive fields (page language `sensitive`)', () => {
  it('are those marked, and by default password widgets and ID-card / bank-card rules', () => {
    const loaded = loadPageSchema(accountDocument(), 'tests/accounts.json');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const sensitive = Object.fromEntries(loaded.page.fields.map((f) => [f.name, f.sensitive]));
    expect(sensitive).toEqual({ holderName: false, pin: true, holderId: true, cardNo: true, branchCode: true, note: false });
    expect(loaded.page.systemFields.every((f) => !f.sensitive)).toBe(true);
  });

  it('the shipped pages mark their passwords, ID numbers and bank accounts', () => {
    const pages = loadEntityPages();
    const marked = pages.flatMap((p) => p.fields.filter((f) => f.sensitive).map((f) => `${p.entity.table}.${f.column}`));
    expect(marked.sort()).toEqual(['exa_payment_request.bank_account', 'mnt_email_config.password', 'mnt_expert.bank_account', 'mnt_expert.id_number', 'mnt_outsource.bank_account', 'sys_data_source.db_password', 'sys_user.password']);
    for (const page of pages) {
      for (const field of page.document.fields.filter((f) => f.sensitive !== undefined || f.widget === 'password')) {
        // Marked in the file, not only implied, so a reader of the page sees it.
        expect(field.sensitive, `${page.source} ${field.name}`).toBe(true);
      }
    }
  });
});

describe('a table dictionary naming a sensitive column', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-sensitive-'));
    fs.mkdirSync(path.join(dir, 'cost'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (doc: PageDocument) =>
    fs.writeFileSync(path.join(dir, doc.entity.module, `${doc.entity.name}.json`), JSON.stringify(doc));
  const source = () => path.relative(repoRoot, dir).split(path.sep).join('/');

  it.each([
    ['tst_payee_account,holder_id,id', '/fields/0/dictCode', '表字典的显示字段 tst_payee_account.holder_id（身份证号）是敏感字段，不能用作字典'],
    ['tst_payee_account,holder_name,card_no', '/fields/0/dictCode', '表字典的值字段 tst_payee_account.card_no（银行卡号）是敏感字段，不能用作字典'],
    ['tst_payee_account,pin,id', '/fields/0/dictCode', '表字典的显示字段 tst_payee_account.pin（取款密码）是敏感字段，不能用作字典'],
    ['tst_payee_account,branch_code,id', '/fields/0/dictCode', '表字典的显示字段 tst_payee_account.branch_code（网点编码）是敏感字段，不能用作字典'],
  ])('%s is refused by schemas:check and by the server', (dictCode, pointer, message) => {
    write(accountDocument());
    write(paymentDocument(dictCode));
    const { errors } = checkPageFolder(dir);
    expect(errors).toEqual([{ source: `${source()}/cost/payment.json`, pointer, message }]);
    expect(() => loadEntityPages(dir)).toThrow(PageLoadError);
    expect(() => loadEntityPages(dir)).toThrow(message);
  });

  it('a tree (treeSelect, linkDown) over a sensitive column is refused too; a plain column is not', () => {
    write(accountDocument());
    write(
      paymentDocument('tst_payee_account,holder_name,id', [
        { name: 'parentAccount', label: '上级', type: 'string', length: 64, widget: 'treeSelect', options: { treeSelect: { dictTable: 'tst_payee_account,holder_id,id', pidField: 'holder_name' } } },
        { name: 'region', label: '地区', type: 'string', length: 64, widget: 'linkDown', options: { linkDown: { table: 'tst_payee_account', textColumn: 'holder_name', valueColumn: 'card_no', pidColumn: 'holder_name', linkFields: ['city'] } } },
        { name: 'city', label: '城市', type: 'string', length: 64 },
      ]),
    );
    expect(checkPageFolder(dir).errors.map((e) => `${e.pointer} ${e.message}`)).toEqual([
      '/fields/1/options/treeSelect/dictTable 表字典的显示字段 tst_payee_account.holder_id（身份证号）是敏感字段，不能用作字典',
      '/fields/2/options/linkDown 表字典的值字段 tst_payee_account.card_no（银行卡号）是敏感字段，不能用作字典',
    ]);
  });

  it('npm run schemas:check prints it and exits 1', () => {
    write(accountDocument());
    write(paymentDocument('tst_payee_account,holder_id,id'));
    const run = spawnSync(tsx, ['generators/check-schemas.ts', dir], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${source()}/cost/payment.json#/fields/0/dictCode 表字典的显示字段 tst_payee_account.holder_id（身份证号）是敏感字段，不能用作字典`);
    expect(run.stderr).toContain('schemas:check: 1 of 2 page documents have errors.');
  }, 60_000);
});
