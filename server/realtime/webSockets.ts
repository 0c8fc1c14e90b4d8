import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';

/**
 * The largest frame any socket route accepts (the grid socket's flood guard); ws closes a socket
 * that sends a bigger frame with 1009. Routes with a smaller limit enforce it per message.
 */
export const MAX_SOCKET_FRAME_BYTES = 64 * 1024;

/**
 * Registers @fastify/websocket once, at the root, before any socket route plugin: the plugin owns
 * the HTTP server's single upgrade listener and routes every upgrade through Fastify's router, so
 * each socket route plugin (notice, grid) only declares `websocket: true` routes and none depends
 * on being registered before or after another.
 */
export async function registerWebSockets(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    options: {
      maxPayload: MAX_SOCKET_FRAME_BYTES,
      // Browsers cannot set X-Access-Token on a WebSocket, so clients send the token as the only
      // subprotocol; the answer must echo it or the browser drops the connection.
      handleProtocols: (protocols) => protocols.values().next().value ?? false,
    },
  });
}

/** Socket route plugins call this first: a clear start-up error instead of plain HTTP routes. */
export function requireWebSockets(app: FastifyInstance, plugin: string): void {
  if (!app.hasDecorator('websocketServer')) {
    throw new Error(`${plugin}: @fastify/websocket must be registered at the root first (registerWebSockets)`);
  }
}
