// A claim page whose form uses every widget, rule kind, dictionary binding and a linkage, compiled
// by the real loader so the tests exercise what pages will hand the form.
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import type { CompiledPage } from '../../../../../runtime/schema/compiledPageTypes';
import type { PageDocument } from '../../../../../runtime/generated/page';

export function claimDocument(): PageDocument {
  return {
    schemaVersion: 1,
    entity: { name: 'claim', module: 'test', title: '报案', table: 'test_claim', permissionPrefix: 'claim' },
    fields: [
      { name: 'claimName', label: '案件名称', type: 'string', required: true, rules: [{ minLength: 2 }] },
      { name: 'contactMobile', label: '联系电话', type: 'string', unique: true, rules: [{ pattern: 'mobile' }] },
      { name: 'password', label: '密码', type: 'string', widget: 'password' },
      { name: 'remark', label: '备注', type: 'text', description: '内部备注' },
      { name: 'lossAmount', label: '损失金额', type: 'money', rules: [{ min: 0, max: 1000000 }] },
      { name: 'ratio', label: '比例', type: 'number', scale: 3 },
      { name: 'lossType', label: '损失类型', type: 'string', dictCode: 'loss_type' },
      { name: 'vehicleNo', label: '车牌号', type: 'string', hidden: true },
      { name: 'sex', label: '性别', type: 'string', dictCode: 'sex', widget: 'radio', default: '1' },
      { name: 'tags', label: '标签', type: 'string', dictCode: 'claim_tag', widget: 'checkbox', rules: [{ max: 2 }] },
      { name: 'regions', label: '地区', type: 'string', dictCode: 'region', widget: 'multiSelect' },
      { name: 'level', label: '级别', type: 'integer', dictCode: 'claim_level', widget: 'searchSelect' },
      { name: 'reportDate', label: '报案日期', type: 'date', default: { expr: 'today()' } },
      { name: 'visitTime', label: '查勘时间', type: 'datetime' },
      { name: 'callTime', label: '来电时刻', type: 'time' },
      { name: 'urgent', label: '加急', type: 'string', widget: 'switch' },
      { name: 'handler', label: '经办人', type: 'string', widget: 'user' },
      { name: 'claimNo', label: '案件编号', type: 'string', readOnly: true, default: { fillRule: 'claim_no' } },
      { name: 'code', label: '编码', type: 'string', rules: [{ checkRule: 'claim_code', message: '编码不合规' }] },
    ],
    list: { columns: [{ field: 'claimName' }], toolbar: ['add'], rowActions: ['edit', 'detail'] },
    form: {
      columns: 2,
      width: 900,
      groups: [
        {
          title: '基本信息',
          fields: ['claimName', 'contactMobile', 'password', 'remark', 'lossAmount', 'ratio', 'lossType', 'vehicleNo', 'sex', 'tags'],
        },
        { title: '查勘', fields: ['regions', 'level', 'reportDate', 'visitTime', 'callTime', 'urgent', 'handler', 'claimNo', 'code'] },
      ],
      linkage: [{ when: "$values.lossType == 'car'", target: 'vehicleNo', set: { visible: 'true', required: 'true' } }],
    },
    detail: { columns: 2, fields: ['claimName', 'lossType', 'lossAmount', 'visitTime', 'urgent', 'tags', 'reportDate'] },
  };
}

/** A smaller page (no groups) for the modal tests. */
export function expertLikeDocument(): PageDocument {
  return {
    schemaVersion: 1,
    entity: { name: 'witness', module: 'test', title: '证人', table: 'test_witness', permissionPrefix: 'witness' },
    fields: [
      { name: 'witnessName', label: '姓名', type: 'string', required: true },
      { name: 'contactMobile', label: '联系电话', type: 'string', required: true, rules: [{ pattern: 'mobile' }] },
      { name: 'lossType', label: '损失类型', type: 'string', dictCode: 'loss_type', widget: 'radio' },
      { name: 'vehicleNo', label: '车牌号', type: 'string', hidden: true },
      { name: 'fee', label: '费用', type: 'money' },
      { name: 'handler', label: '经办人', type: 'string', widget: 'user' },
    ],
    list: { columns: [{ field: 'witnessName' }], toolbar: ['add'], rowActions: ['edit', 'detail'] },
    form: {
      columns: 1,
      fields: ['witnessName', 'contactMobile', 'lossType', 'vehicleNo', 'fee', 'handler'],
      linkage: [{ when: "$values.lossType == 'car'", target: 'vehicleNo', set: { visible: 'true' } }],
    },
    detail: { columns: 2, fields: ['witnessName', 'contactMobile', 'lossType', 'fee', 'createTime'] },
  };
}

export function compile(doc: PageDocument, source = `test:${doc.entity.name}`): CompiledPage {
  const result = loadPageSchema(doc, source);
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.pointer} ${e.message}`).join('\n'));
  return result.page;
}
