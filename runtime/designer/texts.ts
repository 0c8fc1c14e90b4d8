/** The designer's Chinese option texts (JeecgBoot's 表单开发 wording). */
import type { FieldType, FieldWidget, NamedPattern, QueryMode } from '../generated/page';

export const FIELD_TYPE_TEXT: Readonly<Record<FieldType, string>> = {
  string: '字符串',
  text: '长文本',
  integer: '整数',
  number: '小数',
  money: '金额',
  date: '日期',
  datetime: '日期时间',
  time: '时间',
  boolean: '是否',
};

export const QUERY_MODE_TEXT: Readonly<Record<QueryMode, string>> = {
  eq: '精确',
  like: '模糊',
  range: '范围',
  ne: '不等于',
  ge: '大于等于',
  le: '小于等于',
  in: '多选',
};

/** The modes the designer offers; a document's other modes are shown as they are. */
export const OFFERED_QUERY_MODES: readonly QueryMode[] = ['eq', 'like', 'range'];

export const WIDGET_TEXT: Readonly<Record<FieldWidget, string>> = {
  input: '文本框',
  textarea: '多行文本',
  password: '密码',
  number: '数字',
  money: '金额',
  select: '下拉框',
  radio: '单选框',
  checkbox: '多选框',
  multiSelect: '下拉多选',
  searchSelect: '下拉搜索',
  date: '日期',
  datetime: '日期时间',
  time: '时间',
  switch: '开关',
  treeSelect: '下拉树',
  categoryTree: '分类字典树',
  linkDown: '联动组件',
  area: '省市区',
  user: '用户选择',
  depart: '部门选择',
  upload: '文件上传',
  image: '图片上传',
  editor: '富文本',
  markdown: 'Markdown',
  popup: 'Popup弹框',
  picker: '记录选择',
  cron: 'Cron表达式',
  code: '代码编辑器',
  sliderCheck: '滑块验证',
  icon: '图标选择',
};

export const PATTERN_TEXT: Readonly<Record<NamedPattern, string>> = {
  mobile: '手机号码',
  email: '电子邮件',
  url: '网址',
  postcode: '邮政编码',
  letters: '字母',
  number: '数字',
  integer: '整数',
  money: '金额',
  naturalNumber: '自然数',
  landline: '座机号码',
  bankCard: '银行卡号',
  idNumber: '证件号码',
  chineseIdCard: '身份证号码',
  qq: 'QQ号码',
  upTo20LettersDigits: '20位以内字母或数字',
  chineseEnglish2to100: '2到100位中英文',
  digitsAndNewlines: '数字和换行',
  upTo255: '255个字符以内',
  'n6-16': '6到16位数字',
  '*6-16': '6到16位任意字符',
  's6-18': '6到18位字母',
  username: '用户名',
};

export const BUTTON_TEXT = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  batchDelete: '批量删除',
  export: '导出',
  import: '导入',
} as const;

export const SYNC_TEXT: Readonly<Record<string, string>> = { Y: '已同步', N: '未同步' };
