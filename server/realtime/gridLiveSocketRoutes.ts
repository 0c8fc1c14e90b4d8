import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import { COMMON_SEND_DATE, HEART_BEAT, MAX_GRID_LIVE_MESSAGE_BYTES, parseGridLiveMessage } from '../../runtime/grid/socket/messages';
import { permissionCodesOf } from '../auth/permissions';
import { GridLiveHub } from './gridLiveHub';
import { hashToken } from '../auth/sessions';
import { admitTenantSession, answerHeartbeat, closeUnadmitted, socketTokenOf, type Admission } from './socketSession';
import { requireWebSockets } from './webSockets';

export interface GridLiveSocketOptions {
  /** Grid page id → the permission its socket needs (gridSocketPages). */
  gridPages: ReadonlyMap<string, string>;
}

/*
 * Frames above MAX_SOCKET_FRAME_BYTES (webSockets.ts, the root WebSocket server's limit) close the
 * socket with 1009: a flood guard. Smaller messages that are still over MAX_GRID_LIVE_MESSAGE_BYTES are
 * dropped one by one and the socket stays.
 */
/** Page ids name a page (e.g. 'maintenance.expert'), not a path: no slashes. */
const PAGE_ID_PATTERN = '^[A-Za-z0-9_.:~-]{1,100}$';

const HEART_BEAT_ANSWER = JSON.stringify({ type: HEART_BEAT, data: true });

/**
 * `GET {apiBase}/vxeSocket/:userId/:pageId` (widgets spec §7): the live socket of the editable
 * grids of one page. The route is anonymous to the guard (its 401 cannot reach a client
 * mid-upgrade, and the token arrives as the subprotocol) and admits itself: the token must be live
 * and belong to :userId (else 1008 Token失效), and :pageId must be a grid page whose list
 * permission the user holds (else 1008 没有权限) — the socket hears every row its page's saves
 * send. `?tenantId=` puts the socket in a tenant the user belongs to (else 1008 没有权限): it hears
 * that tenant's saves only.
 * Messages: heart_beat is answered; common_send_date goes to the page's other sockets of the
 * tenant on every node. Row changes (update_vxe_table) come from the server alone, after a save
 * it checked: one a client sends would put unchecked values into other users' grids, and is
 * dropped like anything else unknown (not JSON, too large, binary); the socket stays open.
 */
export const gridLiveSocketRoutes: FastifyPluginAsync<GridLiveSocketOptions> = async (app, { gridPages }) => {
  requireWebSockets(app, 'gridLiveSocketRoutes');

  const admit = async (request: FastifyRequest, token: string, userId: string, pageId: string, tenantId: number): Promise<Admission> => {
    const session = await admitTenantSession(request, token, userId, tenantId);
    if (session !== 'admitted') return session;
    const needed = gridPages.get(pageId);
    if (!needed || !(await permissionCodesOf(app.db, userId)).has(needed)) return 'forbidden';
    return 'admitted';
  };

  app.get<{ Params: { userId: string; pageId: string }; Querystring: { token?: string; tenantId?: number } }>(
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
        querystring: {
          type: 'object',
          properties: { token: { type: 'string', maxLength: 200 }, tenantId: { type: 'integer', minimum: 0, maximum: 999_999_999 } },
        },
      },
    },
    (socket: WebSocket, request) => {
      const { userId, pageId } = request.params;
      const token = socketTokenOf(request);
      const tenantId = request.query.tenantId ?? 0;
      const member = {
        id: GridLiveHub.newMemberId(),
        tenantId,
        get readyState() {
          return socket.readyState;
        },
        send: (data: string) => socket.send(data),
      };
      let closed = false;
      let unregister: (() => void) | undefined;

      const admitted: Promise<Admission> = admit(request, token, userId, pageId, tenantId)
        .then(async (outcome) => {
          if (outcome !== 'admitted') return outcome;
          const leaveHub = await app.gridLiveHub.add(pageId, member);
          const leaveSession = app.sessionSockets.add(hashToken(token), socket);
          const remove = () => {
            leaveHub();
            leaveSession();
          };
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
        if (isBinary || !Buffer.isBuffer(data) || data.length > MAX_GRID_LIVE_MESSAGE_BYTES) return;
        const message = parseGridLiveMessage(data.toString('utf8'));
        if (!message) return;
        void admitted.then(async (outcome) => {
          if (outcome !== 'admitted' || closed) return;
          if (message.type === COMMON_SEND_DATE) {
            await app.gridLiveHub.publish(pageId, tenantId, member.id, message);
            return;
          }
          if (message.type !== HEART_BEAT) return;
          await answerHeartbeat(socket, request, { token, userId, tenantId, closed: () => closed }, HEART_BEAT_ANSWER);
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
