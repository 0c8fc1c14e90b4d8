import { beforeEach, describe, expect, it } from 'vitest';
import type { PageDocument, PageField } from '../../../../runtime/generated/page';
import { clearPageSchemaCache, loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { formatSchemaError, type SchemaError } from '../../../../runtime/schema/schemaError';
import { expertDocument } from './fixtures';

const SOURCE = 'schemas/pages/maintenance/expert.json';

/** A popup field over the insurance company report, with some options replaced. */
function companyPopup(popup: Record<string, unknown>): PageField {
  return {
    name: 'companyName',
    label: '公司',
    type: 'string',
    widget: 'popup',
    options: { popup: { code: 'company_report', orgFields: ['name'], destFields: ['companyName'], ...popup } },
  } as PageField;
}

function errorsOf(mutate: (doc: PageDocument) => void, source = SOURCE): readonly SchemaError[] {
  const doc = expertDocument();
  mutate(doc);
  const result = loadPageSchema(doc, source);
  if (result.ok) throw new Error('expected the broken document to be refused');
  return result.errors;
}

beforeEach(() => clearPageSchemaCache());

describe('a broken page document is refused with the file, the JSON pointer and what is wrong', () => {
  const cases: [string, (doc: PageDocument) => void, string, string][] = [
    ['a field without label', (d) => delete (d.fields[0] as Partial<PageField>).label, '/fields/0', '缺少必填属性 label'],
    [
      'a field type outside the enum',
      (d) => Object.assign(d.fields[0], { type: 'varchar' }),
      '/fields/0/type',
      '取值 varchar 不在允许范围内',
    ],
    ['an unknown property (typo)', (d) => Object.assign(d.fields[0], { lable: '姓名' }), '/fields/0/lable', '不允许的属性 lable'],
    [
      'a field name that is not camelCase',
      (d) => (d.fields[0].name = 'Expert_name'),
      '/fields/0/name',
      '名称必须是 camelCase：小写字母开头，只含字母和数字，实际为 Expert_name',
    ],
    [
      'a list column naming an unknown field',
      (d) => d.list.columns.push({ field: 'expertAge' }),
      '/list/columns/6/field',
      '列表列引用了不存在的字段 expertAge',
    ],
    [
      'a query on an unknown field',
      (d) => d.list.query?.push({ field: 'expertAge', mode: 'eq' }),
      '/list/query/5/field',
      '查询条件引用了不存在的字段 expertAge',
    ],
    [
      'two fields with the same name',
      (d) => d.fields.push({ name: 'email', label: '邮箱2', type: 'string' }),
      '/fields/6/name',
      '字段名 email 重复（已在 /fields/4 声明）',
    ],
    [
      'a schemaVersion from the future',
      (d) => Object.assign(d, { schemaVersion: 2 }),
      '/schemaVersion',
      '文档的 schemaVersion 2 比运行时支持的版本 1 新，请升级 lossdesk 后再加载',
    ],
    [
      'a regex rule without message',
      (d) => (d.fields[0].rules = [{ regex: '^[\\u4e00-\\u9fa5]+$' }]),
      '/fields/0/rules/0',
      '有 regex 时必须同时提供 message',
    ],
    [
      'a regex that does not compile',
      (d) => (d.fields[0].rules = [{ regex: '([a-z]', message: '只能是字母' }]),
      '/fields/0/rules/0/regex',
      '不是合法的正则表达式：([a-z]',
    ],
    [
      'a rule with both pattern and regex',
      (d) => (d.fields[1].rules = [{ pattern: 'mobile', regex: '^1\\d{10}$', message: '手机号' }]),
      '/fields/1/rules/0',
      '一条规则只能有一种校验：pattern 与 regex 不能同时出现，也不能只有 message',
    ],
    [
      'an unknown named pattern',
      (d) => Object.assign(d.fields[1], { rules: [{ pattern: 'phone' }] }),
      '/fields/1/rules/0/pattern',
      '取值 phone 不在允许范围内',
    ],
    [
      'a missing required section',
      (d) => delete (d as Partial<PageDocument>).list,
      '',
      '缺少必填属性 list',
    ],
    [
      'a default that is neither literal, expr nor fillRule',
      (d) => Object.assign(d.fields[0], { default: { exp: 'today' } }),
      '/fields/0/default',
      'default 必须是字面量（字符串、数字、布尔值）、{"expr": "…"} 或 {"fillRule": "…"}',
    ],
    [
      'the same toolbar button twice',
      (d) => d.list.toolbar.push('add'),
      '/list/toolbar/5',
      '与 /list/toolbar/0 重复',
    ],
    [
      'a declared system field',
      (d) => d.fields.push({ name: 'createTime', label: '创建时间', type: 'datetime' }),
      '/fields/6/name',
      '字段名 createTime 是系统字段，会自动存在，不能声明',
    ],
    [
      'a dictionary widget without dictionary',
      (d) => (d.fields[2].widget = 'select'),
      '/fields/2/widget',
      '控件 select 需要 dictCode 指定字典',
    ],
    [
      'a widget that cannot edit the type',
      (d) => (d.fields[0].widget = 'date'),
      '/fields/0/widget',
      '控件 date 不能编辑 string 类型的字段',
    ],
    [
      'a literal default of the wrong type',
      (d) => (d.fields[3].default = '男'),
      '/fields/3/default',
      '默认值 "男" 与字段类型 integer 不符',
    ],
    [
      'a form field that does not exist',
      (d) => d.form.groups?.[0].fields.push('expertAge'),
      '/form/groups/0/fields/4',
      '表单引用了不存在的字段 expertAge',
    ],
    [
      'a field placed twice in the form',
      (d) => d.form.groups?.[1].fields.push('email'),
      '/form/groups/1/fields/2',
      '字段 email 在表单中出现了两次（已在 /form/groups/0/fields/3）',
    ],
    [
      'a form with both fields and groups',
      (d) => (d.form.fields = ['expertName']),
      '/form',
      'form 不能同时给出 fields 和 groups，请二选一',
    ],
    [
      'a linkage expression reading an unknown field',
      (d) => (d.form.linkage = [{ when: "$values.gender == 2", target: 'email', set: { required: 'true' } }]),
      '/form/linkage/0/when',
      '联动表达式引用了不存在的字段 gender',
    ],
    [
      'a linkage target that is a system field',
      (d) => (d.form.linkage = [{ when: '$values.sex == 2', target: 'createTime', set: { visible: 'false' } }]),
      '/form/linkage/0/target',
      '联动不能使用系统字段 createTime',
    ],
    [
      'a dictText column on a field without dictionary',
      (d) => (d.list.columns[0].format = 'dictText'),
      '/list/columns/0/format',
      '字段 expertName 没有绑定字典，不能用 dictText 格式',
    ],
    [
      'a like query on a number',
      (d) => d.list.query?.splice(3, 1, { field: 'sex', mode: 'like' }),
      '/list/query/3/mode',
      '模糊查询 like 只适用于 string 和 text 字段，sex 是 integer',
    ],
    [
      'an index on an unknown field',
      (d) => d.indexes?.push({ fields: ['expertAge'] }),
      '/indexes/2/fields/0',
      '索引引用了不存在的字段 expertAge',
    ],
    [
      'a picker text field that does not exist',
      (d) => d.picker && (d.picker.textField = 'title'),
      '/picker/textField',
      '选择器的 textField 引用了不存在的字段 title',
    ],
    [
      'a popup whose field lists differ in length',
      (d) =>
        d.fields.push({
          name: 'companyName',
          label: '公司',
          type: 'string',
          widget: 'popup',
          options: { popup: { code: 'company_report', orgFields: ['name', 'code'], destFields: ['companyName'] } },
        }),
      '/fields/6/options/popup',
      'popup参数未正确配置：原始值和目标值数量不一致!',
    ],
    [
      'a popup sorter that is not column=asc|desc',
      (d) => d.fields.push(companyPopup({ sorter: 'companyCode desc' })),
      '/fields/6/options/popup/sorter',
      'sorter 必须是“列名=asc”或“列名=desc”，如 companyCode=desc，实际为 companyCode desc',
    ],
    [
      'a popup parameter given as a number',
      (d) => d.fields.push(companyPopup({ param: { companyType: 1 } })),
      '/fields/6/options/popup/param/companyType',
      '类型应为字符串',
    ],
    [
      'a popup parameter name that is not a name',
      (d) => d.fields.push(companyPopup({ param: { 'company type': '1' } })),
      '/fields/6/options/popup/param/company type',
      '参数名只能包含字母、数字和下划线，且以字母开头，实际为 company type',
    ],
    [
      'a popup groupId with spaces',
      (d) => d.fields.push(companyPopup({ groupId: 'my group' })),
      '/fields/6/options/popup/groupId',
      'groupId 只能包含字母、数字、下划线和短横线，且以字母开头，实际为 my group',
    ],
    [
      'a blank popup spliter',
      (d) => d.fields.push(companyPopup({ spliter: ' ' })),
      '/fields/6/options/popup/spliter',
      'spliter 不能包含空白字符，实际为  ',
    ],
    [
      'a popup field that is no destination',
      (d) => d.fields.push(companyPopup({ field: 'email' })),
      '/fields/6/options/popup/field',
      'popup 的 field email 必须是 destFields 之一',
    ],
    [
      'a popup whose own field is no destination',
      (d) => d.fields.push(companyPopup({ destFields: ['email'] })),
      '/fields/6/options/popup/destFields',
      'popup 所在字段 companyName 不在 destFields 中，选中后它会是空的：请把它加入 destFields，或用 field 指定它取哪个目标字段的值',
    ],
    [
      'an upload action on another origin',
      (d) => (d.grid = { columns: [{ field: 'remark', type: 'upload', action: 'https://files.example.com/upload' }] }),
      '/grid/columns/0/action',
      'action 必须是本服务的路径（以 / 开头，如 /sys/common/upload），不能是其他网址：上传会带上登录令牌，实际为 https://files.example.com/upload',
    ],
    [
      'an upload action that is protocol-relative',
      (d) => (d.grid = { columns: [{ field: 'remark', type: 'upload', action: '//files.example.com/upload' }] }),
      '/grid/columns/0/action',
      'action 必须是本服务的路径（以 / 开头，如 /sys/common/upload），不能是其他网址：上传会带上登录令牌，实际为 //files.example.com/upload',
    ],
    [
      'an upload setting on a column that is no upload',
      (d) => (d.grid = { columns: [{ field: 'remark', token: false }] }),
      '/grid/columns/0/token',
      'token 只适用于 upload 列，当前列类型是 默认',
    ],
    [
      'editor props that set the cell value',
      (d) => (d.grid = { columns: [{ field: 'remark', props: { placeholder: '备注', value: '固定' } }] }),
      '/grid/columns/0/props/value',
      'props 的属性名必须是 camelCase 的编辑器设置（如 placeholder、maxLength）；值和事件（value、checked、customValue、on…）由表格管理，不能设置，实际为 value',
    ],
    [
      'editor props that are not text, number or boolean',
      (d) => Object.assign(d, { grid: { columns: [{ field: 'remark', props: { style: { color: 'red' } } }] } }),
      '/grid/columns/0/props/style',
      '类型应为字符串或数字或布尔值',
    ],
    [
      'a required field nobody can fill',
      (d) => d.form.groups?.[0].fields.splice(0, 1),
      '/fields/0',
      '必填字段 expertName 没有默认值，也不在表单中，用户无法填写',
    ],
    [
      'a card list without its card layout',
      (d) => Object.assign(d.list, { display: 'cards' }),
      '/list/card',
      '卡片列表（display: cards）须声明 card（至少 title）',
    ],
    [
      'a card layout on a table list',
      (d) => Object.assign(d.list, { card: { title: 'expertName' } }),
      '/list/card',
      '只有卡片列表（display: cards）才能声明 card',
    ],
    [
      'a card line naming an unknown field',
      (d) => Object.assign(d.list, { display: 'cards', card: { title: 'expertName', extra: ['sex', 'expertAge'] } }),
      '/list/card/extra/1',
      '卡片附加信息引用了不存在的字段 expertAge',
    ],
    [
      'a card avatar that is no picture',
      (d) => Object.assign(d.list, { display: 'cards', card: { title: 'expertName', avatar: 'email' } }),
      '/list/card/avatar',
      '卡片头像须是图片（image）字段，email 不是',
    ],
    [
      'a card list of five cards a line',
      (d) => Object.assign(d.list, { display: 'cards', card: { title: 'expertName', columns: 5 } }),
      '/list/card/columns',
      '不能大于 4',
    ],
  ];

  it.each(cases)('%s', (_name, mutate, pointer, message) => {
    const errors = errorsOf(mutate);
    expect(errors).toContainEqual(expect.objectContaining({ source: SOURCE, pointer, message }));
  });

  it('lists the allowed values for an enum and the allowed properties for a typo', () => {
    const [typeError] = errorsOf((d) => Object.assign(d.fields[0], { type: 'varchar' }));
    expect(typeError.expected).toBe('string、text、integer、number、money、date、datetime、time、boolean');
    const [typo] = errorsOf((d) => Object.assign(d.list, { pagesize: 20 }));
    expect(typo).toMatchObject({ pointer: '/list/pagesize', message: '不允许的属性 pagesize' });
    expect(typo.expected).toContain('pageSize');
  });

  it('reports a bad property name once, at that property, without ajv\'s English wrapper', () => {
    const errors = errorsOf((d) => d.fields.push(companyPopup({ param: { 'company-type': '1' } })));
    expect(errors).toHaveLength(1);
    expect(errors[0].pointer).toBe('/fields/6/options/popup/param/company-type');
  });

  it('reports every problem of a document at once, not only the first', () => {
    const errors = errorsOf((d) => {
      delete (d.fields[0] as Partial<PageField>).label;
      Object.assign(d.fields[1], { type: 'varchar' });
      Object.assign(d.entity, { icon: 'user' });
    });
    expect(errors.map((e) => e.pointer)).toEqual(['/entity/icon', '/fields/0', '/fields/1/type']);
  });

  it('names an online config by its code', () => {
    const errors = errorsOf((d) => delete (d.fields[0] as Partial<PageField>).label, 'online:8a8b1c2d');
    expect(formatSchemaError(errors[0])).toBe('online:8a8b1c2d#/fields/0 缺少必填属性 label');
  });

  it('never throws, whatever it is given', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const input of [undefined, null, 'expert', 42, [], {}, cyclic, { schemaVersion: 1.5 }, { schemaVersion: 0 }]) {
      const result = loadPageSchema(input, 'fuzz');
      expect(result.ok).toBe(false);
    }
    const notAnObject = loadPageSchema('expert', 'fuzz-string');
    expect(notAnObject).toEqual({ ok: false, errors: [{ source: 'fuzz-string', pointer: '', message: '类型应为对象' }] });
    const cyclicResult = loadPageSchema(cyclic, 'fuzz-cyclic');
    expect(cyclicResult).toEqual({
      ok: false,
      errors: [{ source: 'fuzz-cyclic', pointer: '', message: '文档不是可序列化的 JSON 数据' }],
    });
  });
});

describe('expressions are parsed at load', () => {
  it('reports a linkage condition the safe evaluator cannot parse, with its position', () => {
    clearPageSchemaCache();
    const doc = expertDocument();
    doc.form.linkage = [{ when: '$values.sex == ', target: 'email', set: { required: 'true' } }];
    const result = loadPageSchema(doc, SOURCE);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].pointer).toBe('/form/linkage/0/when');
    expect(result.errors[0].message).toMatch(/^表达式第 \d+ 个字符有误：/);
  });

  it('reports a default expression that is code rather than an expression', () => {
    const doc = expertDocument();
    doc.fields[0].default = { expr: 'constructor.constructor("alert(1)")()' };
    const result = loadPageSchema(doc, SOURCE);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0].pointer).toBe('/fields/0/default/expr');
  });
});
