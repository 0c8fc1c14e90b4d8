import type { FastifyReply, FastifyRequest } from 'fastify';
import { browserOf } from './browser';
import { LOG_TYPE_LOGIN, writeLog } from './sysLog';

interface LoginAnswer {
  success?: unknown;
  message?: unknown;
  result?: { userInfo?: { id?: unknown; username?: unknown } } | null;
}

function answerOf(payload: unknown): LoginAnswer {
  if (typeof payload !== 'string') return {};
  try {
    return JSON.parse(payload) as LoginAnswer;
  } catch {
    return {};
  }
}

/**
 * 登录日志: the sign-in route's onSend hook. Every attempt — right or wrong password, captcha
 * refused, locked, frozen — becomes one sys_log row (log_type 1) with the account typed, address,
 * browser, time taken and the answer's outcome: `用户名: admin,登录成功！` or
 * `用户名: x,登录失败：用户名或密码错误`. The password is never part of it.
 */
export async function logSignIn(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const answer = answerOf(payload);
  const success = answer.success === true && reply.statusCode < 400;
  const message = typeof answer.message === 'string' && answer.message !== '' ? answer.message : `HTTP ${reply.statusCode}`;
  const body = request.body as { username?: unknown; mobile?: unknown } | undefined;
  // Ways in without a typed username (phone code, OpenID Connect, CAS) log the account they reached,
  // or, refused, the phone typed.
  const typed = typeof body?.username === 'string' ? body.username : '';
  const reached = typeof answer.result?.userInfo?.username === 'string' ? answer.result.userInfo.username : '';
  const mobile = typeof body?.mobile === 'string' ? body.mobile : '';
  const username = typed || reached || mobile;
  const userId = success && typeof answer.result?.userInfo?.id === 'string' ? answer.result.userInfo.id : null;
  await writeLog(request.server.db, request.log, {
    logType: LOG_TYPE_LOGIN,
    content: success ? `用户名: ${username},登录成功！` : `用户名: ${username},登录失败：${message}`,
    userId,
    username,
    ip: request.ip,
    method: 'login',
    requestUrl: request.url.split('?')[0],
    requestType: request.method,
    costMs: Math.round(reply.elapsedTime),
    browser: browserOf(request.headers['user-agent']),
    success,
  });
  return payload;
}
