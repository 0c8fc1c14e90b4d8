import type { FastifyPluginAsync } from 'fastify';
import type WebSocket from 'ws';
import { HEART_BEAT, MAX_VXE_MESSAGE_BYTES, parseVxeMessage } from '../../runtime/grid/socket/messages';
import { VxeHub } from './vxeHub';
import { answerHeartbeat, closeUnadmitted, sessionOwns, socketTokenOf, type Admission } from './socketSession';
import { requireWebSockets } from './webSockets';

/*
 * Frames above MAX_SOCKET_FRAME_BYTES (webSockets.ts, the root WebSocket server's limit) close the
 * socket with 1009: a flood guard. Smaller messages that are still over MAX_VXE_MESSAGE_BYTES are
 * dropped one by one and the socket stays.
 */
/** Page ids name a page (e.g. 'maintenance.expert'), not a path: no slashes. */
const PAGE_ID_PATTERN = '^[A-Za-z0-9_.:~-]{1,100}$';

const HEART_BEAT_ANSWER = JSON.stringify({ type: HEART_BEAT, data: true });

/**
 * `GET {apiBase}/vxeSocket/:userId/:pageId` (widgets spec §7): the live socket of the editable
 * grids of one page. Same admission as the notice socket: the route is anonymous to the guard
 * (its 401 cannot reach a client mid-upgrade, and the token arrives as the subprotocol) and checks
 * itself that the token is live and belongs to :userId — any signed-in user, the SIGNED_IN rule —
 * or closes with 1008. Messages: heart_beat is answered; update_vxe_table and common_send_date go
 * to the page's other sockets on every node; anything else (not JSON, unknown type, too large,
 * binary) is dropped and the socket stays open.
 */
export const vxeSocketRoutes: FastifyPluginAsync = async (app) => {
  requireWebSockets(app, 'vxeSocketRoutes');

  app.get<{ Params: { userId: string; pageId: string }; Querystring: { token?: string } }>(
    '/vxeSocket/:userId/:pageId',
    {
      websocket: true,
      config: { anonymous: true },
      schema: {
        params: {
          type: 'object',
          required: ['userId', 'pageId'],
          properties: {
            userId: { type: 'string', minLength: 1, maxLength: 32 },
            pageId: { type: 'string', pattern: PAGE_ID_PATTERN },
          },
        },
        querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } },
      },
    },
    (socket: WebSocket, request) => {
      const { userId, pageId } = request.params;
      const token = socketTokenOf(request);
      const member = {
        id: VxeHub.newMemberId(),
        get readyState() {
          return socket.readyState;
        },
        send: (data: string) => socket.send(data),
      };
      let closed = false;
      let unregister: (() => void) | undefined;

      const admitted: Promise<Admission> = sessionOwns(request, token, userId)
        .then(async (ok) => {
          if (!ok) return 'refused' as const;
          const remove = await app.vxeHub.add(pageId, member);
          if (closed) remove();
          else unregister = remove;
          return 'admitted' as const;
        })
        .catch((err: unknown) => {
          request.log.error({ err }, '表格实时同步连接的会话校验失败');
          return 'failed' as const;
        });

      // Attached at once: messages sent during the session check wait for it instead of being lost.
      socket.on('message', (data, isBinary) => {
        if (isBinary || !Buffer.isBuffer(data) || data.length > MAX_VXE_MESSAGE_BYTES) return;
        const message = parseVxeMessage(data.toString('utf8'));
        if (!message) return;
        void admitted.then(async (outcome) => {
          if (outcome !== 'admitted' || closed) return;
          if (message.type !== HEART_BEAT) {
            await app.vxeHub.publish(pageId, member.id, message);
            return;
          }
          await answerHeartbeat(socket, request, { token, userId, closed: () => closed }, HEART_BEAT_ANSWER);
        });
      });
      socket.on('close', () => {
        closed = true;
        unregister?.();
        unregister = undefined;
      });

      void admitted.then((outcome) => {
        if (closed) return;
        closeUnadmitted(socket, outcome);
      });
    },
  );
};
