import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import { tokenOf } from '../auth/guard';
import { findSessionUser } from '../auth/sessions';
import { TOKEN_INVALID_MESSAGE } from '../http/envelope';
import { requireWebSockets } from './webSockets';

/** The client's keep-alive text (every 20 s); the server answers with the same text. */
export const HEARTBEAT = 'HeartBeat';
/** WebSocket close code "policy violation": no valid session for this user. */
export const POLICY_VIOLATION = 1008;
const INTERNAL_ERROR = 1011;
/** WebSocket close code "message too big". */
const MESSAGE_TOO_BIG = 1009;
/**
 * The notice socket only ever receives heartbeats: a message above this closes it, as the ws
 * option did when this plugin had its own WebSocket server (the shared one allows grid frames).
 */
export const MAX_NOTICE_MESSAGE_BYTES = 4096;

/**
 * Browsers cannot set X-Access-Token on a WebSocket, so JeecgBoot's client sends the token as the
 * (only) subprotocol; the token query parameter and the header still work for other clients.
 */
function socketTokenOf(request: FastifyRequest): string {
  const header = request.headers['sec-websocket-protocol'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return first || tokenOf(request);
}

async function sessionOwns(request: FastifyRequest, token: string, userId: string): Promise<boolean> {
  const user = await findSessionUser(request.server.db, token);
  return user?.userId === userId;
}

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

  app.get<{ Params: { userId: string }; Querystring: { token?: string } }>(
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
        querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } },
      },
    },
    (socket: WebSocket, request) => {
      const { userId } = request.params;
      const token = socketTokenOf(request);
      let closed = false;
      let unregister: (() => void) | undefined;

      const admitted: Promise<'admitted' | 'refused' | 'failed'> = sessionOwns(request, token, userId).then(
        (ok) => (ok ? 'admitted' : 'refused'),
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
          // A heartbeat also re-checks the session, so logout or freezing ends the socket too.
          const still = await sessionOwns(request, token, userId).catch(() => true);
          if (closed) return;
          if (still) socket.send(HEARTBEAT);
          else socket.close(POLICY_VIOLATION, TOKEN_INVALID_MESSAGE);
        });
      });
      socket.on('close', () => {
        closed = true;
        unregister?.();
      });

      void admitted.then((outcome) => {
        if (closed) return;
        if (outcome === 'admitted') unregister = app.noticeHub.add(userId, socket);
        else if (outcome === 'refused') socket.close(POLICY_VIOLATION, TOKEN_INVALID_MESSAGE);
        else socket.close(INTERNAL_ERROR);
      });
    },
  );
};
