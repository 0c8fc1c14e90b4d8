/**
 * The designer's two calls (issue 17 contract with the server, server/online/form):
 * GET /online/cgformHead/document?id= and PUT /online/cgformHead/document {id, document}; a refusal
 * carries `result.errors: [{pointer, message}]` into the saved document.
 */
import type { HostRequest } from '../host/types';
import { placeServerError, type DesignerProblem, type ServerSchemaError } from './problems';
import { toDocument } from './toDocument';
import type { DesignerModel, JsonObject } from './types';

export const ONLINE_FORM_DOCUMENT_URL = '/online/cgformHead/document';

/** 表类型 of onl_cgform_head. */
export const TABLE_TYPE_TEXT: Readonly<Record<string, string>> = { '1': '单表', '2': '主表', '3': '附表', '4': '树' };

export interface OnlineFormHead {
  id: string;
  tableName: string;
  tableTxt: string;
  tableType: string;
  tableVersion: number;
  isDbSynch: string;
  /** A 主表's 附表 table names, comma-joined. */
  subTableStr?: string | null;
  /** A 附表's 主表 and its own column holding the 主表 row's id. */
  mainTable?: string | null;
  mainField?: string | null;
  document: JsonObject;
}

export type LoadAnswer = { ok: true; head: OnlineFormHead } | { ok: false; message: string };

export type SaveAnswer = { ok: true; message: string; document: JsonObject } | { ok: false; message: string; problems: DesignerProblem[] };

function isHead(value: unknown): value is OnlineFormHead {
  return typeof value === 'object' && value !== null && typeof (value as OnlineFormHead).document === 'object' && (value as OnlineFormHead).document !== null;
}

export async function loadOnlineForm(request: HostRequest, id: string): Promise<LoadAnswer> {
  try {
    const answer = await request.get<unknown>(ONLINE_FORM_DOCUMENT_URL, { id });
    if (!answer.success) return { ok: false, message: answer.message || '表单设计加载失败' };
    if (!isHead(answer.result)) return { ok: false, message: '表单设计加载失败：服务器没有返回页面定义' };
    return { ok: true, head: answer.result };
  } catch {
    // The request layer has told the user what went wrong with the transport.
    return { ok: false, message: '表单设计加载失败' };
  }
}

function serverErrors(result: unknown): ServerSchemaError[] {
  const errors = typeof result === 'object' && result !== null ? (result as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors.filter((e): e is ServerSchemaError => typeof e === 'object' && e !== null && typeof e.pointer === 'string' && typeof e.message === 'string');
}

/** Writes the model over the loaded document and saves it; a refusal comes back placed on the model. */
export async function saveOnlineForm(request: HostRequest, id: string, model: DesignerModel, base: JsonObject): Promise<SaveAnswer> {
  const document = toDocument(model, base);
  try {
    const answer = await request.put<unknown>(ONLINE_FORM_DOCUMENT_URL, { id, document, tableType: model.table.tableType });
    if (answer.success) return { ok: true, message: answer.message || '保存成功', document };
    const problems = serverErrors(answer.result).map((error) => placeServerError(model, error));
    return { ok: false, message: answer.message || '保存失败', problems };
  } catch {
    return { ok: false, message: '保存失败', problems: [] };
  }
}

/** The address of an online form's page (the route of modules/online/cgform/auto/OnlCgformAutoList). */
export function onlineFormPagePath(id: string): string {
  return `/online/cgformList/${encodeURIComponent(id)}`;
}
