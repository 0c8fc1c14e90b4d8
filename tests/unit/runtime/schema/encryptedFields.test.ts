import { describe, expect, it } from 'vitest';
import dataSourceDocument from '../../../../schemas/pages/sys/dataSource.json';
import type { PageDocument } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';

const SOURCE = 'schemas/pages/sys/dataSource.json';

function changed(change: (doc: PageDocument) => void): unknown {
  const doc = structuredClone(dataSourceDocument) as unknown as PageDocument;
  change(doc);
  return doc;
}

function errorsOf(doc: unknown): string[] {
  const result = loadPageSchema(doc, SOURCE);
  return result.ok ? [] : result.errors.map((e) => `${e.pointer} ${e.message}`);
}

const password = (doc: PageDocument) => doc.fields.find((f) => f.name === 'dbPassword')!;

describe('encrypted fields (page language `encrypted`) and form actions (form.actions)', () => {
  it('数据源: the password compiles encrypted and sensitive; 测试连接 is a form action with its endpoint and code', () => {
    const result = loadPageSchema(dataSourceDocument, SOURCE);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const field = result.page.fieldByName.get('dbPassword');
    expect(field).toMatchObject({ encrypted: true, sensitive: true, widget: 'password' });
    expect(result.page.fields.filter((f) => f.encrypted).map((f) => f.name)).toEqual(['dbPassword']);
    expect(result.page.form.actions).toEqual([{ key: 'testConnection', title: '测试连接', url: '/sys/dataSource/testConnection', permission: 'dataSource:testConnection' }]);
  });

  it('refuses an encrypted field anywhere it would be shown, searched or indexed', () => {
    const errors = errorsOf(
      changed((doc) => {
        doc.list.columns.push({ field: 'dbPassword' });
        doc.list.query = [{ field: 'dbPassword', mode: 'like' }];
        doc.detail = { fields: ['dbPassword'] };
        doc.indexes = [{ fields: ['dbPassword'] }];
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/list\/columns\/\d+ 加密字段 dbPassword 从不返回给浏览器/),
        '/list/query/0 加密字段 dbPassword 从不返回给浏览器，不能出现在这里',
        '/detail/fields/0 加密字段 dbPassword 从不返回给浏览器，不能出现在这里',
        '/indexes/0 加密字段不能建索引',
      ]),
    );
  });

  it('refuses an encrypted field that is not a password input, or is unique, a dictionary or marked not sensitive', () => {
    const at = (doc: unknown) => errorsOf(doc).filter((e) => e.includes('/encrypted'));
    expect(at(changed((doc) => void (password(doc).widget = 'input')))).toHaveLength(1);
    expect(at(changed((doc) => void (password(doc).unique = true)))).toHaveLength(1);
    expect(at(changed((doc) => void (password(doc).sensitive = false)))).toHaveLength(1);
    expect(at(changed((doc) => void delete password(doc).widget))).toHaveLength(1);
  });
});
