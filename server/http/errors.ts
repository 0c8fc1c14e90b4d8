import type { FastifyError, FastifyInstance } from 'fastify';
import { DatabaseBusyError } from '../db/pool';
import { databaseFailureOf } from './databaseErrors';
import { BusinessError, fail } from './envelope';
import { validationMessage, type SchemaIssue } from './validationMessage';

export const NOT_FOUND_MESSAGE = '路径不存在，请检查路径是否正确';

// Answers follow JeecgBoot's exception handler: every refusal is HTTP 200 with the envelope, so
// the web app reads `success`/`message` the same way for business and technical failures.
function clientErrorMessage(err: FastifyError): string | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return '参数不合法：不支持的请求内容类型';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return '参数不合法：请求内容过大';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return '参数不合法：请求体为空';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return '参数不合法：请求体不是有效的 JSON';
    default:
      if (err instanceof SyntaxError && err.statusCode === 400) return '参数不合法：请求体不是有效的 JSON';
      return undefined;
  }
}

function shortReason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const line = text.split('\n')[0].trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line || '未知错误';
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof BusinessError) {
      return reply.code(200).send(fail(err.message, err.code));
    }
    if (err.validation) {
      return reply.code(200).send(fail(validationMessage(err.validation as SchemaIssue[])));
    }
    if (err instanceof DatabaseBusyError) {
      request.log.warn({ err }, 'no database connection within the wait');
      return reply.code(200).send(fail(err.message, 503));
    }
    const clientMessage = clientErrorMessage(err);
    if (clientMessage) return reply.code(200).send(fail(clientMessage));
    const database = databaseFailureOf(err);
    if (database) {
      // PostgreSQL's text names tables, columns, constraints and values: the log keeps it, the client
      // gets our message.
      if (database.byInput) request.log.warn({ err, sqlState: database.sqlState }, 'database refused the input');
      else request.log.error({ err, sqlState: database.sqlState }, 'database failed');
      return reply.code(200).send(fail(database.message));
    }
    request.log.error({ err }, 'request failed');
    return reply.code(200).send(fail(`操作失败，${shortReason(err)}`));
  });

  app.setNotFoundHandler((_request, reply) => {
    return reply.code(404).send(fail(NOT_FOUND_MESSAGE, 404));
  });
}
