import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { body, get, login, startTestApp, type TestApp } from '../support/app';

describe.each(DATABASE_KINDS)('form checks (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let lisiId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const lisi = await login(t.app, 'lisi');
    token = lisi.token;
    lisiId = lisi.userInfo.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const duplicate = (query: Record<string, string>) =>
    get(t.app, `/sys/duplicate/check?${new URLSearchParams(query)}`, token).then((r) => body(r));

  it('tells whether a value is taken by another record', async () => {
    expect(await duplicate({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'zhangsan' })).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect(await duplicate({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'newcomer' })).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    // The record being edited may keep its own value.
    expect(await duplicate({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'lisi', dataId: lisiId })).toMatchObject({
      success: true,
    });
    expect(await duplicate({ tableName: 'sys_user', fieldName: 'workNo', fieldVal: 'HT0001' })).toMatchObject({ success: false });
    expect(await duplicate({ tableName: 'sys_depart', fieldName: 'org_code', fieldVal: 'A01A01' })).toMatchObject({ success: false });
    expect(await duplicate({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'adjuster' })).toMatchObject({ success: false });
    expect(await duplicate({ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'sex' })).toMatchObject({ success: false });
  });

  it('checks the unique fields of schema pages too, and only those', async () => {
    expect(await duplicate({ tableName: 'mnt_expert', fieldName: 'contactMobile', fieldVal: '13901102345' })).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect(await duplicate({ tableName: 'mnt_expert', fieldName: 'contact_mobile', fieldVal: '13900000000' })).toMatchObject({
      success: true,
    });
    // A column of the page that is not unique is not open to probing.
    expect(await duplicate({ tableName: 'mnt_expert', fieldName: 'majorDirection', fieldVal: 'x' })).toMatchObject({
      success: false,
      message: '校验的表或字段不在允许范围内',
    });
  });

  it('accepts an empty value without looking', async () => {
    expect(await duplicate({ tableName: 'sys_user', fieldName: 'username', fieldVal: '' })).toMatchObject({ success: true });
  });

  it('refuses tables and fields outside the allow-list', async () => {
    for (const [tableName, fieldName] of [
      ['sys_user', 'password'],
      ['sys_session', 'token_hash'],
      ['sys_user; drop table sys_user', 'username'],
    ]) {
      expect(await duplicate({ tableName, fieldName, fieldVal: 'x' })).toMatchObject({
        success: false,
        message: '校验的表或字段不在允许范围内',
      });
    }
  });

  const checkRule = (ruleCode: string, value: string) =>
    get(t.app, `/sys/checkRule/checkByCode?ruleCode=${ruleCode}&value=${encodeURIComponent(encodeURIComponent(value))}`, token).then((r) =>
      body(r),
    );

  it('checks a value against a code rule, part by part', async () => {
    expect(await checkRule('receive_number', 'GA2026000123')).toMatchObject({ success: true });
    expect(await checkRule('receive_number', 'HT2026000123')).toMatchObject({ success: false, message: '案件编号必须以 GA 开头' });
    expect(await checkRule('receive_number', 'GA1999000123')).toMatchObject({
      success: false,
      message: '第 3 至 6 位必须是年份，例如 2026',
    });
    expect(await checkRule('receive_number', 'GA2026123')).toMatchObject({ success: false, message: '年份后必须是 6 位数字流水号' });
    expect(await checkRule('common', '12345')).toMatchObject({ success: false, message: '必须输入 6 位以上任意字符' });
    expect(await checkRule('common', '张三李四王五')).toMatchObject({ success: true });
  });

  it('says so for an unknown rule code and for a broken rule', async () => {
    expect(await checkRule('no_such_rule', 'x')).toMatchObject({ success: false, message: '该编码不存在' });
    await t.database.db
      .insertInto('sys_check_rule')
      .values({ id: 'broken-rule', rule_name: '坏规则', rule_code: 'broken', rule_json: '[{"digits":"*","pattern":"(unclosed"}]' })
      .execute();
    expect(await checkRule('broken', 'x')).toMatchObject({ success: false, message: '校验规则配置有误，请联系管理员' });
  });
});
