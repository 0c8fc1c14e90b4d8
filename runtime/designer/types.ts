/**
 * The online-form designer's model: a page document seen as the rows JeecgBoot's 表单开发 edits
 * (table, one row per field, indexes, buttons). Pure data; fromDocument and toDocument convert, and
 * every part of the document the designer does not edit is carried through untouched.
 */
import type { FieldType, FieldWidget, NamedPattern, QueryMode } from '../generated/page';

/** 校验: none, a named pattern of the page language, or a regular expression with its message. */
export type DesignerValidation =
  | { kind: 'none' }
  | { kind: 'pattern'; pattern: NamedPattern }
  | { kind: 'regex'; regex: string; message: string };

export interface DesignerFieldRow {
  /** Stable identity of the row while it is edited (the original field's name, or a new key). */
  key: string;
  /** Index of the field in the loaded document's fields; undefined for a row added in the designer. */
  origin?: number;
  /** 字段名称: the SQL column (snake_case); the field's camelCase name follows from it. */
  column: string;
  /** 字段备注: the label shown to users. */
  label: string;
  /** 数据库类型. */
  type: FieldType;
  /** 长度: varchar length (string) or total digits (number, money). */
  length?: number;
  /** 小数位 (number, money). */
  scale?: number;
  /** 允许空. */
  nullable: boolean;
  /** 唯一. */
  unique: boolean;
  /** 默认值: a literal as typed; empty = none. A non-literal default (expression, fill rule) is kept as it was. */
  defaultValue: string;
  /** 列表显示. */
  listShow: boolean;
  /** 排序: the list column is sortable. */
  sortable: boolean;
  /** 查询方式: '' = not in the query bar. */
  queryMode: QueryMode | '';
  /** 表单显示. */
  formShow: boolean;
  /** 控件: '' = derived from the dictionary and the type. */
  widget: FieldWidget | '';
  /** 字典: a code or 'table,text,code'; '' = none. */
  dictCode: string;
  validation: DesignerValidation;
  /** 只读. */
  readOnly: boolean;
}

export interface DesignerIndexRow {
  key: string;
  origin?: number;
  /** The rows (by key) the index covers, in order. */
  fields: string[];
  unique: boolean;
}

/** 按钮: which of the generated page's buttons exist. */
export interface DesignerButtons {
  add: boolean;
  edit: boolean;
  delete: boolean;
  batchDelete: boolean;
  export: boolean;
  import: boolean;
}

/** 表类型 of onl_cgform_head: 单表, 主表, 附表, 树. */
export type DesignerTableType = '1' | '2' | '3' | '4';

export interface DesignerTable {
  /** 表名 (snake_case); entity name, API path and permission prefix follow from it. */
  tableName: string;
  /** 表描述: the entity's title. */
  title: string;
  /** 表类型; a 主表 lists its 附表 (subTables). */
  tableType: DesignerTableType;
}

/** One 附表 of a 主表: another online form, and its column holding the main row's id. */
export interface DesignerSubTableRow {
  key: string;
  /** Index in the loaded document's form.children; undefined for a row added in the designer. */
  origin?: number;
  /** 附表表名. */
  tableName: string;
  /** 外键字段: the 附表's column (snake_case) holding the 主表 row's id. */
  foreignKey: string;
  /** 标题 of its tab; '' = the 附表's 表描述. */
  title: string;
}

export interface DesignerModel {
  table: DesignerTable;
  fields: DesignerFieldRow[];
  indexes: DesignerIndexRow[];
  buttons: DesignerButtons;
  /** A 主表's 附表 (empty for other types). */
  subTables: DesignerSubTableRow[];
}

/** A page document as JSON: the designer reads only the parts it edits and copies the rest. */
export type JsonObject = Record<string, unknown>;
