/**
 * Texts and sizes of the department and user pickers (widgets spec §2, §9). Titles given in Chinese
 * by the spec ('选择部门', '根据部门选择用户', 'a-b 共N条') are used verbatim. The spec gives no text
 * for the rest; these are ours, following JeecgBoot's JSelectDepartModal / JSelectUserByDepModal:
 *
 * | what                                  | product text                    |
 * |---------------------------------------|---------------------------------|
 * | department search placeholder         | 请输入部门名称按回车进行搜索     |
 * | no department matches the search      | 未找到匹配的部门                 |
 * | the department tree is empty          | 暂无部门                         |
 * | user filters (spec: account, name)    | 账号 / 姓名                      |
 * | their placeholders                    | 请输入账号 / 请输入姓名          |
 * | query and reset buttons               | 查询 / 重置                      |
 * | user table columns                    | 用户账号 用户姓名 性别 手机号码 部门 |
 * | sex 1 / 2 (spec: 1 male, 2 female)    | 男 / 女                          |
 * | no user matches                       | 暂无用户                         |
 * | dialog buttons (OK / close)           | 确定 / 关闭                      |
 * | picked entries shown in the dialog    | 已选择：                         |
 * | clear the field                       | 清除                             |
 * | all departments (left tree header)    | 全部部门                         |
 */

/** The spec hesitates between 450 and 500 for the department dialog; 500 is JeecgBoot's JSelectDepartModal. */
export const DEPART_PICKER_WIDTH = 500;
export const USER_PICKER_WIDTH = 1250;

export const USER_PAGE_SIZE = 10;
export const USER_PAGE_SIZE_OPTIONS = ['10', '20', '30'];

export const ORG_TEXTS = {
  departTitle: '选择部门',
  departSearch: '请输入部门名称按回车进行搜索',
  departNoMatch: '未找到匹配的部门',
  departEmpty: '暂无部门',
  userTitle: '根据部门选择用户',
  allDeparts: '全部部门',
  account: '账号',
  accountPlaceholder: '请输入账号',
  name: '姓名',
  namePlaceholder: '请输入姓名',
  query: '查询',
  reset: '重置',
  userEmpty: '暂无用户',
  ok: '确定',
  close: '关闭',
  picked: '已选择：',
  clear: '清除',
  columns: { username: '用户账号', realname: '用户姓名', sex: '性别', phone: '手机号码', orgCodeTxt: '部门' },
  sex: { 1: '男', 2: '女' } as Readonly<Record<number, string>>,
} as const;
