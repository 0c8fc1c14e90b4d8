import type { ColumnType, Generated } from 'kysely';

/** A `timestamp` column: read as 'YYYY-MM-DD HH:mm:ss', written as such a string. */
type Stamp = ColumnType<string, string | undefined, string>;
type NullableStamp = ColumnType<string | null, string | null | undefined, string | null>;
/** A `timestamptz` column used for server bookkeeping (sessions, lockout). */
type Instant = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableInstant = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric columns come back as strings so money keeps its exact decimals. */
type Decimal = ColumnType<string, string | number | undefined, string | number>;

interface Audit {
  create_by: string | null;
  create_time: Stamp;
  update_by: string | null;
  update_time: NullableStamp;
}

export interface SysDepart extends Audit {
  id: string;
  parent_id: string | null;
  depart_name: string;
  depart_name_abbr: string | null;
  depart_order: Generated<number>;
  description: string | null;
  org_category: Generated<string>;
  org_type: string | null;
  org_code: string;
  mobile: string | null;
  address: string | null;
  memo: string | null;
  status: Generated<string>;
  del_flag: Generated<string>;
}

export interface SysPosition extends Audit {
  id: string;
  code: string;
  name: string;
  post_rank: string | null;
  hour_cost: Decimal;
  sys_org_code: string | null;
}

export interface SysRole extends Audit {
  id: string;
  role_name: string;
  role_code: string;
  description: string | null;
  /** Added by 0011 (page records carry 所属部门). */
  sys_org_code: Generated<string | null>;
}

export interface SysUser extends Audit {
  id: string;
  username: string;
  realname: string;
  password: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  org_code: string | null;
  /** 1 normal, 2 frozen */
  status: Generated<number>;
  /** 0 active, 1 deleted */
  del_flag: Generated<number>;
  work_no: string | null;
  post: string | null;
  telephone: string | null;
  rel_tenant_ids: string | null;
  /** 负责部门: ids of the departments the user is in charge of, comma-joined */
  depart_ids: Generated<string | null>;
  /** 1 member, 2 leader */
  user_identity: Generated<number>;
  sys_org_code: Generated<string | null>;
}

export interface SysUserRole {
  id: string;
  user_id: string;
  role_id: string;
}

export interface SysUserDepart {
  id: string;
  user_id: string;
  dep_id: string;
}

export interface SysPermission extends Audit {
  id: string;
  /** Added by 0011 (page records carry 所属部门). */
  sys_org_code: Generated<string | null>;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  /** 0 top menu, 1 sub menu, 2 button / permission */
  menu_type: number;
  perms: string | null;
  /** '1' show, '2' disable */
  perms_type: Generated<string>;
  sort_no: Decimal;
  always_show: Generated<boolean>;
  icon: string | null;
  is_route: Generated<boolean>;
  is_leaf: Generated<boolean>;
  keep_alive: Generated<boolean>;
  hidden: Generated<boolean>;
  hide_tab: Generated<boolean>;
  description: string | null;
  /** buttons: '1' valid, '0' invalid */
  status: Generated<string>;
  del_flag: Generated<number>;
  internal_or_external: Generated<boolean>;
}

export interface SysRolePermission {
  id: string;
  role_id: string;
  permission_id: string;
  data_rule_ids: string | null;
}

export interface SysDepartPermission {
  id: string;
  depart_id: string;
  permission_id: string;
  data_rule_ids: string | null;
}

export interface SysDepartRole extends Audit {
  id: string;
  depart_id: string;
  role_name: string;
  role_code: string;
  description: string | null;
}

export interface SysDepartRolePermission {
  id: string;
  depart_id: string;
  role_id: string;
  permission_id: string;
  data_rule_ids: string | null;
  operate_date: NullableStamp;
  operate_ip: string | null;
}

export interface SysDepartRoleUser {
  id: string;
  user_id: string;
  drole_id: string;
}

/** 数据规则 (0017): a rule of one menu that roles are given through sys_role_permission.data_rule_ids. */
export interface SysPermissionDataRule extends Audit {
  id: string;
  permission_id: string;
  rule_name: string;
  rule_column: string;
  rule_conditions: string;
  rule_value: string;
  /** '1' 有效, '0' 无效. */
  status: string;
  sys_org_code: string | null;
}

export interface SysDict extends Audit {
  id: string;
  dict_name: string;
  dict_code: string;
  description: string | null;
  del_flag: Generated<number>;
  /** 0 string values, 1 number values */
  type: Generated<number>;
  sys_org_code: string | null;
}

export interface SysDictItem extends Audit {
  id: string;
  dict_id: string;
  item_text: string;
  item_value: string;
  description: string | null;
  sort_order: Generated<number>;
  /** 1 enabled */
  status: Generated<number>;
  sys_org_code: string | null;
}

export interface SysAnnouncement extends Audit {
  id: string;
  titile: string;
  msg_content: string | null;
  start_time: NullableStamp;
  end_time: NullableStamp;
  sender: string | null;
  /** L general, M important, H urgent */
  priority: Generated<string>;
  /** '1' notice, '2' system message */
  msg_category: Generated<string>;
  /** USER or ALL */
  msg_type: Generated<string>;
  /** '0' draft, '1' published, '2' revoked */
  send_status: Generated<string>;
  send_time: NullableStamp;
  cancel_time: NullableStamp;
  del_flag: Generated<string>;
  bus_type: string | null;
  bus_id: string | null;
  open_type: string | null;
  open_page: string | null;
  user_ids: string | null;
  msg_abstract: string | null;
  sys_org_code: Generated<string | null>;
  tenant_id: Generated<number>;
}

export interface SysAnnouncementSend extends Audit {
  id: string;
  annt_id: string;
  user_id: string;
  read_flag: Generated<string>;
  read_time: NullableStamp;
}

export interface SysCheckRule extends Audit {
  id: string;
  rule_name: string;
  rule_code: string;
  rule_json: string;
  rule_description: string | null;
  sys_org_code: string | null;
}

/** A category of the category dictionary (migration 0003): a tree under pid '0', has_child '1'/'0'. */
export interface SysCategory extends Audit {
  id: string;
  pid: Generated<string>;
  name: string;
  code: string;
  has_child: Generated<string>;
  sys_org_code: string | null;
}

/** A fill rule (migration 0002): prefix + date part + zero-padded sequence, counter kept per period. */
export interface SysFillRule extends Audit {
  id: string;
  rule_name: string;
  rule_code: string;
  /** null or '' (none) */
  prefix: ColumnType<string | null, string | null | undefined, string | null>;
  /** null or '' (none), 'yyyy', 'yyyyMM', 'yyyyMMdd' or 'yyMMdd' */
  date_format: ColumnType<string | null, string | null | undefined, string | null>;
  seq_length: Generated<number>;
  /** 'day', 'month', 'year' or 'never' */
  reset_period: Generated<string>;
  /** bigint, read as a number (INT8 parser in open.ts) */
  current_value: Generated<number>;
  /** The period the counter counts in: 'yyyyMMdd', 'yyyyMM', 'yyyy' or '' */
  current_period: Generated<string>;
  rule_description: string | null;
  sys_org_code: string | null;
}

export interface SysSession {
  token_hash: string;
  /** A random id naming the session in 在线用户 (never the token). */
  id: Generated<string>;
  user_id: string;
  created_at: Instant;
  expires_at: Instant;
  last_seen_at: Instant;
  revoked_at: NullableInstant;
  ip: string | null;
  user_agent: string | null;
}

export interface SysCaptcha {
  check_key: string;
  code_hash: string;
  expires_at: Instant;
  /** The address that asked for it: captchas are limited per address (server/auth/captcha.ts). */
  client_ip: Generated<string>;
}

/** A provider account linked to a user (第三方登录, server/auth/third). */
export interface SysThirdAccount {
  id: string;
  sys_user_id: string;
  /** 'oidc' */
  third_type: string;
  /** The provider's subject (OIDC `sub`). */
  third_user_uuid: string;
  realname: string | null;
  email: string | null;
  create_time: Stamp;
  create_by: string | null;
  update_by: string | null;
  update_time: NullableStamp;
  sys_org_code: string | null;
  tenant_id: Generated<number>;
}

/** A switch of 系统设置 (migration 0035, server/sys/setting): '1' on, '0' off. */
export interface SysSetting {
  id: string;
  setting_key: string;
  setting_name: string;
  setting_value: string;
  description: string | null;
  sort_no: Generated<number>;
  create_by: string | null;
  create_time: Stamp;
  update_by: string | null;
  update_time: NullableStamp;
  sys_org_code: string | null;
  tenant_id: Generated<number>;
}

/** An authorization request between the redirect to the provider and its callback. */
export interface SysThirdLoginFlow {
  state_hash: string;
  browser_hash: string;
  code_verifier: string;
  nonce: string;
  expires_at: Instant;
}

/** A single-use ticket the third-party callback hands the web app: sign in, or bind an account. */
export interface SysThirdLoginTicket {
  ticket_hash: string;
  kind: 'login' | 'bind';
  third_type: string;
  sys_user_id: string | null;
  third_user_uuid: string | null;
  realname: string | null;
  email: string | null;
  expires_at: Instant;
}

/** A text-message code sent (or, code_hash null, refused) for 手机号登录/注册/忘记密码 (server/auth/smsCodes.ts). */
export interface SysSmsCode {
  id: string;
  phone: string;
  purpose: string;
  code_hash: string | null;
  client_ip: Generated<string>;
  sent_at: Instant;
  expires_at: Instant;
  used_at: NullableInstant;
  attempts: Generated<number>;
}

/** A one-use ticket of 忘记密码 step 3: the phone was proven in step 2 (server/auth/passwordReset.ts). */
export interface SysPasswordReset {
  ticket_hash: string;
  user_id: string;
  expires_at: Instant;
  used_at: NullableInstant;
}

/** A sign-in or password-change counter (server/auth/throttle.ts). */
export interface SysAuthThrottle {
  scope: string;
  subject: string;
  address: Generated<string>;
  fail_count: Generated<number>;
  window_start: Instant;
  last_attempt_at: NullableInstant;
  locked_until: NullableInstant;
}

export interface SysQuartzJob extends Audit {
  id: string;
  job_class_name: string;
  cron_expression: string;
  parameter: string | null;
  description: string | null;
  status: Generated<string>;
  sys_org_code: string | null;
  tenant_id: Generated<number>;
}

/** 消息模板: es_type-like template_type '1' 短信, '2' 邮件, '4' 系统; content with ${name} placeholders. */
export interface SysSmsTemplate extends Audit {
  id: string;
  template_name: string;
  template_code: string;
  template_type: Generated<string>;
  template_content: string;
  template_test_json: string | null;
  sys_org_code: string | null;
  tenant_id: Generated<number>;
}

/** 消息: one message sent (or tried) — es_send_status '1' 成功, '2' 失败 (reason in es_result). */
export interface SysSms extends Audit {
  id: string;
  es_title: string | null;
  es_type: string;
  es_receiver: string;
  es_param: string | null;
  es_content: string | null;
  es_send_time: NullableStamp;
  es_send_status: Generated<string>;
  es_send_num: Generated<number>;
  es_result: string | null;
  remark: string | null;
  template_code: string | null;
  sys_org_code: string | null;
  tenant_id: Generated<number>;
}

export interface SysQuartzJobFire {
  job_id: string;
  cron_expression: string;
  last_fire_at: Instant;
  last_error: string | null;
}

export interface SysSuperQuery extends Audit {
  id: string;
  user_id: string;
  save_code: string;
  title: string;
  /** 'and' | 'or' */
  match_type: Generated<string>;
  /** jsonb: the saved condition rows; written as JSON text, read back parsed */
  records: ColumnType<unknown, string, string>;
}

/** Who uploaded a stored file: the uploader may always read it back (server/files/fileAccess.ts). */
export interface SysFileUpload {
  path: string;
  user_id: string;
  create_time: Generated<Date>;
}

/** A stored file a record of a page table uses (server/files/fileReferences.ts). */
export interface SysFileRef {
  entity_table: string;
  record_id: string;
  path: string;
  /** The record's tenant on a tenant-scoped page; null elsewhere. */
  tenant_id: number | null;
}

/** The file columns of a page table last read into sys_file_ref ('a,b'). */
export interface SysFileRefScan {
  entity_table: string;
  file_columns: string;
  scanned_at: Generated<Date>;
}

export interface SysLog extends Audit {
  id: string;
  log_type: number;
  log_content: string | null;
  operate_type: number | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  request_url: string | null;
  request_param: string | null;
  request_type: string | null;
  cost_time: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  browser: string | null;
  result: Generated<string>;
  sys_org_code: string | null;
  tenant_id: Generated<number>;
}

export interface SysDataLog extends Audit {
  id: string;
  data_table: string;
  data_id: string;
  data_version: number;
  data_content: string;
  sys_org_code: string | null;
  tenant_id: Generated<number>;
}

/** A tenant (migration 0019): its integer id is what rel_tenant_ids lists and tenant_id holds. */
export interface SysTenant extends Audit {
  id: number;
  name: string;
  begin_date: string | null;
  end_date: string | null;
  status: Generated<number>;
}

/** 数据源: db_password is the sealed text (server/secrets), never the password. */
export interface SysDataSource extends Audit {
  id: string;
  code: string;
  name: string;
  remark: string | null;
  db_type: Generated<string>;
  db_driver: string | null;
  db_url: string;
  db_name: string | null;
  db_username: string | null;
  db_password: string | null;
  sys_org_code: string | null;
  tenant_id: Generated<number>;
}

/** 服务节点: one row per running API node, kept fresh by its heartbeat. */
export interface SysServiceNode {
  id: string;
  address: string;
  host_name: string;
  pid: number;
  version: string;
  database_kind: string;
  heartbeat_ms: number;
  start_time: Stamp;
  last_heartbeat: Stamp;
}

/** 报表配置 (online reports): one SQL report; db_source null = the main database. */
export interface OnlCgreportHead extends Audit {
  id: string;
  code: string;
  name: string;
  cgr_sql: string;
  db_source: string | null;
  sys_org_code: string | null;
  tenant_id: Generated<number>;
}

/** A result column of an online report. Flags are JeecgBoot's 0/1 integers. */
export interface OnlCgreportItem extends Audit {
  id: string;
  cgrhead_id: string;
  field_name: string;
  field_txt: string | null;
  field_width: number | null;
  field_type: Generated<string>;
  search_mode: string | null;
  is_order: Generated<number>;
  is_search: Generated<number>;
  dict_code: string | null;
  is_show: Generated<number>;
  is_total: Generated<number>;
  order_num: Generated<number>;
}

/** A ${param} of an online report's SQL, with its default value. */
export interface OnlCgreportParam extends Audit {
  id: string;
  cgrhead_id: string;
  param_name: string;
  param_txt: string | null;
  param_value: string | null;
  order_num: Generated<number>;
}

export interface DB {
  onl_cgreport_head: OnlCgreportHead;
  onl_cgreport_item: OnlCgreportItem;
  onl_cgreport_param: OnlCgreportParam;
  sys_data_source: SysDataSource;
  sys_service_node: SysServiceNode;
  sys_depart: SysDepart;
  sys_position: SysPosition;
  sys_role: SysRole;
  sys_user: SysUser;
  sys_user_role: SysUserRole;
  sys_user_depart: SysUserDepart;
  sys_permission: SysPermission;
  sys_role_permission: SysRolePermission;
  sys_depart_permission: SysDepartPermission;
  sys_depart_role: SysDepartRole;
  sys_depart_role_permission: SysDepartRolePermission;
  sys_depart_role_user: SysDepartRoleUser;
  sys_permission_data_rule: SysPermissionDataRule;
  sys_dict: SysDict;
  sys_dict_item: SysDictItem;
  sys_announcement: SysAnnouncement;
  sys_announcement_send: SysAnnouncementSend;
  sys_check_rule: SysCheckRule;
  sys_fill_rule: SysFillRule;
  sys_category: SysCategory;
  sys_session: SysSession;
  sys_captcha: SysCaptcha;
  sys_sms_code: SysSmsCode;
  sys_password_reset: SysPasswordReset;
  sys_auth_throttle: SysAuthThrottle;
  sys_quartz_job: SysQuartzJob;
  sys_quartz_job_fire: SysQuartzJobFire;
  sys_sms_template: SysSmsTemplate;
  sys_sms: SysSms;
  sys_super_query: SysSuperQuery;
  sys_file_upload: SysFileUpload;
  sys_file_ref: SysFileRef;
  sys_file_ref_scan: SysFileRefScan;
  sys_log: SysLog;
  sys_data_log: SysDataLog;
  sys_tenant: SysTenant;
  sys_third_account: SysThirdAccount;
  sys_setting: SysSetting;
  sys_third_login_flow: SysThirdLoginFlow;
  sys_third_login_ticket: SysThirdLoginTicket;
}
