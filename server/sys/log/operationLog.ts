import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { browserOf } from './browser';
import { redactParams } from './redact';
import { LOG_TYPE_OPERATION, OPERATE_TYPE, writeLog } from './sysLog';

const WRITES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** What a generic endpoint's last path segment does, for the log's content and operate_type. */
const ACTIONS: Readonly<Record<string, { text: string; type: number }>> = {
  add: { text: '添加', type: OPERATE_TYPE.add },
  edit: { text: '编辑', type: OPERATE_TYPE.edit },
  saveBatch: { text: '批量保存', type: OPERATE_TYPE.edit },
  delete: { text: '删除', type: OPERATE_TYPE.delete },
  deleteBatch: { text: '批量删除', type: OPERATE_TYPE.delete },
  importExcel: { text: '导入', type: OPERATE_TYPE.import },
};
const BY_METHOD: Readonly<Record<string, number>> = { POST: OPERATE_TYPE.add, PUT: OPERATE_TYPE.edit, PATCH: OPERATE_TYPE.edit, DELETE: OPERATE_TYPE.delete };

interface Outcome {
  success: boolean;
  message: string;
}

/** success/message of a JSON envelope answer; for anything else the HTTP status decides. */
function outcomeOf(reply: FastifyReply, payload: unknown): Outcome {
  const failedStatus = reply.statusCode >= 400;
  if (typeof payload === 'string' && String(reply.getHeader('content-type') ?? '').includes('json') && payload.length < 1_000_000) {
    try {
      const parsed = JSON.parse(payload) as { success?: unknown; message?: unknown };
      if (typeof parsed.success === 'boolean') {
        return { success: parsed.success && !failedStatus, message: typeof parsed.message === 'string' ? parsed.message : '' };
      }
    } catch {
      // not an envelope: the status decides
    }
  }
  return { success: !failedStatus, message: failedStatus ? `HTTP ${reply.statusCode}` : '' };
}

function paramsOf(request: FastifyRequest): unknown {
  if (request.isMultipart()) return { 文件: '[文件上传]', ...(request.query as object) };
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body;
  const hasQuery = Object.keys(query).length > 0;
  if (body === undefined || body === null || body === '') return hasQuery ? query : undefined;
  return hasQuery ? { query, body } : body;
}

export interface OperationLogOptions {
  apiBase: string;
  pages: readonly CompiledPage[];
}

/**
 * 操作日志: every write (POST/PUT/DELETE) through the API by a signed-in user — refused ones too —
 * becomes one sys_log row (log_type 2) with the user, address, browser, path, method, parameters
 * (secrets masked, server/sys/log/redact.ts), time taken and success or failure with the answer's
 * message. Written in onSend, when the answer is known and before it leaves, so a client that got
 * its answer finds the log; a log that cannot be written never fails the request (writeLog).
 * Sign-ins are logged by the login route itself (log_type 1); anonymous routes are not logged.
 */
export function installOperationLog(app: FastifyInstance, opts: OperationLogOptions): void {
  const sensitive = new Set(opts.pages.flatMap((page) => page.fields.filter((f) => f.sensitive).map((f) => f.name)));
  const titles = new Map(opts.pages.map((page) => [`${opts.apiBase}${page.entity.apiPath}`, page.entity.title]));

  app.addHook('onSend', async (request, reply, payload) => {
    if (!WRITES.has(request.method) || request.is404) return payload;
    if (request.routeOptions.config?.anonymous === true) return payload;
    const user = request.sessionUser;
    if (!user) return payload;
    const path = request.url.split('?')[0];
    const slash = path.lastIndexOf('/');
    const action = ACTIONS[path.slice(slash + 1)];
    const title = titles.get(path.slice(0, slash));
    const outcome = outcomeOf(reply, payload);
    const what = title && action ? `${title}-${action.text}` : `${request.method} ${path.startsWith(opts.apiBase) ? path.slice(opts.apiBase.length) : path}`;
    const result = outcome.success ? '成功' : `失败${outcome.message ? `：${outcome.message}` : ''}`;
    await writeLog(app.db, request.log, {
      logType: LOG_TYPE_OPERATION,
      content: `${what}，${result}`,
      operateType: action?.type ?? BY_METHOD[request.method],
      userId: user.userId,
      username: user.username,
      ip: request.ip,
      method: request.routeOptions.url ?? path,
      requestUrl: path,
      requestParam: redactParams(paramsOf(request), sensitive),
      requestType: request.method,
      costMs: Math.round(reply.elapsedTime),
      browser: browserOf(request.headers['user-agent']),
      success: outcome.success,
      orgCode: user.orgCode,
      tenantId: request.sessionTenantId,
    });
    return payload;
  });
}
