/** The part of the browser's WebSocket the live clients use; tests pass a fake class. */
export interface WebSocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Stops listening to a closed, failed or dead socket and closes it, so its late events cannot reach a newer one's client. */
export function discardSocket(socket: WebSocketLike): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
  try {
    socket.close();
  } catch {
    // Closing a socket that never opened may throw in some browsers; it is gone either way.
  }
}
