import { describe, expect, it } from 'vitest';
import userDocument from '../../../../schemas/pages/sys/user.json';
import type { PageDocument } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';

const SOURCE = 'schemas/pages/sys/user.json';

function userDoc(): PageDocument {
  return structuredClone(userDocument) as unknown as PageDocument;
}

function errorsOf(doc: unknown): string[] {
  const result = loadPageSchema(doc, SOURCE);
  return result.ok ? [] : result.errors.map((e) => `${e.pointer} ${e.message}`);
}

describe('link fields, the recycle bin, add-only fields and row-action forms (用户管理)', () => {
  it('compile from the user page', () => {
    const result = loadPageSchema(userDocument, SOURCE);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const { page } = result;
    expect(page.entity.recycleBin).toEqual({ endpoints: 'batch', idsParam: 'userIds' });
    expect(page.fieldByName.get('selectedroles')).toMatchObject({ link: { table: 'sys_user_role', ownerColumn: 'user_id', valueColumn: 'role_id' }, dictTextKey: 'selectedroles_dictText' });
    expect(page.fieldByName.get('password')).toMatchObject({ addOnly: true, serverHook: 'passwordHash', sensitive: true });
    expect(page.fieldByName.get('confirmPassword')).toMatchObject({ stored: false, sameAs: 'password' });
    // Form-only fields stay out of the stored fields; the link fields are in (lists, detail, export).
    expect(page.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['selectedroles', 'selecteddeparts']));
    expect(page.fields.map((f) => f.name)).not.toContain('confirmPassword');
    expect(page.list.toolbar.map((a) => a)).toContainEqual({ action: 'recycleBin', permission: 'user:delete' });
    const frozen = page.list.rowActions.find((a) => a.action === 'custom' && a.key === 'frozen');
    expect(frozen).toMatchObject({ url: '/sys/user/frozenBatch', method: 'put', idParam: 'ids', params: { status: '2' }, permission: 'user:frozen' });
    const password = page.list.rowActions.find((a) => a.action === 'custom' && a.key === 'changePassword');
    expect(password).toMatchObject({ idParam: 'id', params: {}, rowParams: { username: 'username' }, permission: 'user:changePassword' });
    expect(password?.action === 'custom' && password.form?.fields.map((f) => [f.name, f.sameAs])).toEqual([
      ['newPassword', undefined],
      ['confirmNewPassword', 'newPassword'],
    ]);
  });

  it('refuse a link field with a column or uniqueness, queried or sorted', () => {
    const doc = userDoc();
    const roles = doc.fields.findIndex((f) => f.name === 'selectedroles');
    doc.fields[roles] = { ...doc.fields[roles], unique: true, column: 'roles' };
    doc.list.query = [...(doc.list.query ?? []), { field: 'selectedroles', mode: 'eq' }];
    const errors = errorsOf(doc);
    expect(errors).toContain(`/fields/${roles}/column 多对多关联字段（link）不能设置 column`);
    expect(errors).toContain(`/fields/${roles}/unique 多对多关联字段（link）不能设置 unique`);
    expect(errors).toContain(`/list/query/${doc.list.query.length - 1}/field 查询条件不能使用多对多关联字段 selectedroles（它没有自己的列）`);
  });

  it('refuse a confirmation that is stored, not a password or repeats nothing', () => {
    const doc = userDoc();
    const confirm = doc.fields.findIndex((f) => f.name === 'confirmPassword');
    doc.fields[confirm] = { name: 'confirmPassword', label: '确认密码', type: 'string', widget: 'input', sameAs: 'nothing' };
    const errors = errorsOf(doc);
    expect(errors).toContain(`/fields/${confirm}/sameAs 确认字段（sameAs）不保存，需要 "stored": false`);
    expect(errors).toContain(`/fields/${confirm}/sameAs 确认字段（sameAs）的控件应为 password，当前控件是 input`);
    expect(errors).toContain(`/fields/${confirm}/sameAs 确认字段引用了不存在的字段 nothing`);
  });

  it('default a page without entity.recycleBin to JeecgBoot’s per-row bin, and refuse a confirmation in a row-action form repeating nothing', () => {
    const doc = userDoc();
    delete doc.entity.recycleBin;
    const result = loadPageSchema(doc, SOURCE);
    expect(result.ok && result.page.entity.recycleBin).toEqual({ endpoints: 'perRow', idsParam: 'ids' });
    const at = doc.list.rowActions.findIndex((a) => typeof a !== 'string' && a.key === 'changePassword');
    const action = doc.list.rowActions[at];
    if (typeof action === 'string' || !action.form) throw new Error('changePassword has a form');
    action.form.fields[1] = { ...action.form.fields[1], sameAs: 'password' };
    expect(errorsOf(doc)).toContain(`/list/rowActions/${at}/form/fields/1/sameAs 确认字段引用了不存在的字段 password`);
  });

  it('refuse rowParams naming an unknown field', () => {
    const doc = userDoc();
    const at = doc.list.rowActions.findIndex((a) => typeof a !== 'string' && a.key === 'changePassword');
    const action = doc.list.rowActions[at];
    if (typeof action === 'string') throw new Error('custom');
    action.rowParams = { username: 'nobody' };
    expect(errorsOf(doc).some((e) => e.startsWith(`/list/rowActions/${at}/rowParams/username`))).toBe(true);
  });
});
