import type { FastifyPluginAsync } from 'fastify';
import type WebSocket from 'ws';
import { admitTenantSession, answerHeartbeat, closeUnadmitted, socketTokenOf, type Admission } from './socketSession';
import { requireWebSockets } from './webSockets';
import { hashToken } from '../auth/sessions';

/** The client's keep-alive text (every 20 s); the server answers with the same text. */
export const HEARTBEAT = 'HeartBeat';
/** WebSocket close code "message too big". */
const MESSAGE_TOO_BIG = 1009;
/**
 * The notice socket only ever receives heartbeats: a message above this closes it, as the ws
 * option did when this plugin had its own WebSocket server (the shared one allows grid frames).
 */
export const MAX_NOTICE_MESSAGE_BYTES = 4096;

function textOf(data: WebSocket.RawData, isBinary: boolean): string | undefined {
  return !isBinary && Buffer.isBuffer(data) ? data.toString('utf8') : undefined;
}

function byteLengthOf(data: WebSocket.RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/** `GET {apiBase}/websocket/:userId`: the notice socket of a signed-in user (spec §7). */
export const noticeSocketRoutes: FastifyPluginAsync = async (app) => {
  requireWebSockets(app, 'noticeSocketRoutes');

  app.get<{ Params: { userId: string }; Querystring: { token?: string; tenantId?: number } }>(
    '/websocket/:userId',
    {
      websocket: true,
      // The guard's answer (HTTP 401) cannot reach a client in the middle of an upgrade, and the
      // token arrives as the subprotocol the guard does not read. So the route is anonymous to the
      // guard and checks the session itself: the token must be live and belong to :userId,
      // otherwise the socket is closed with 1008 before it is registered.
      config: { anonymous: true },
      schema: {
        params: {
          type: 'object',
          required: ['userId'],
          properties: { userId: { type: 'string', minLength: 1, maxLength: 32 } },
        },
        querystring: {
          type: 'object',
          properties: { token: { type: 'string', maxLength: 200 }, tenantId: { type: 'integer', minimum: 0, maximum: 999_999_999 } },
        },
      },
    },
    (socket: WebSocket, request) => {
      const { userId } = request.params;
      const token = socketTokenOf(request);
      let closed = false;
      let unregister: (() => void) | undefined;

      // A client that names a tenant (`?tenantId=`) must belong to it, as over HTTP.
      const admitted: Promise<Admission> = admitTenantSession(request, token, userId, request.query.tenantId ?? 0).catch(
        (err: unknown) => {
          request.log.error({ err }, '通知连接的会话校验失败');
          return 'failed';
        },
      );

      // Listeners are attached at once: messages that arrive while the session is being checked
      // wait for the check instead of being lost.
      socket.on('message', (data, isBinary) => {
        if (byteLengthOf(data) > MAX_NOTICE_MESSAGE_BYTES) {
          socket.close(MESSAGE_TOO_BIG);
          return;
        }
        if (textOf(data, isBinary) !== HEARTBEAT) return;
        void admitted.then(async (outcome) => {
          if (outcome !== 'admitted' || closed) return;
          await answerHeartbeat(socket, request, { token, userId, tenantId: request.query.tenantId ?? 0, closed: () => closed }, HEARTBEAT);
        });
      });
      socket.on('close', () => {
        closed = true;
        unregister?.();
      });

      void admitted.then((outcome) => {
        if (closed) return;
        if (outcome === 'admitted') {
          const leaveHub = app.noticeHub.add(userId, socket);
          const leaveSession = app.sessionSockets.add(hashToken(token), socket);
          unregister = () => {
            leaveHub();
            leaveSession();
          };
        } else closeUnadmitted(socket, outcome);
      });
    },
  );
};
