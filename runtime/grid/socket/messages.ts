/**
 * Messages of the live grid socket `/vxeSocket/{userId}/{pageId}` (spec §7): JSON `{type, data}`.
 * The web client and the server share these shapes and this parser.
 *
 * - heart_beat: the client's keep-alive; the server answers `{type: 'heart_beat', data: true}`.
 * - update_vxe_table `{socketKey, args: [row, senderId, change?]}`: a grid's row changed; the server
 *   passes it to the other sockets of the same page, which merge the row into the grid named
 *   socketKey. `change` is ours (JeecgBoot sends only edits): 'update' (or absent) merges an edited
 *   row, 'add' shows a row saved as new, 'remove' takes away the row `{id}` names. A client that
 *   knows only two arguments ignores the other two kinds (an unknown row, an id-only patch).
 * - common_send_date `{key, args}`: any other page-wide signal, passed on the same way and handed
 *   to the handlers bound to `key`.
 */

export const HEART_BEAT = 'heart_beat';
export const COMMON_SEND_DATE = 'common_send_date';
export const GRID_UPDATE_COMMAND = 'update_vxe_table';

/** What happened to the row of an update_vxe_table message (its third argument). */
export type LiveRowChange = 'update' | 'add' | 'remove';

/** The third argument as a change; anything else (absent, unknown) is an edit, as JeecgBoot sends. */
export function liveRowChangeOf(value: unknown): LiveRowChange {
  return value === 'add' || value === 'remove' ? value : 'update';
}

export type GridLiveMessage =
  | { type: typeof HEART_BEAT; data?: unknown }
  | { type: typeof COMMON_SEND_DATE; data: { key: string; args: unknown[] } }
  | { type: typeof GRID_UPDATE_COMMAND; data: { socketKey: string; args: unknown[] } };

/**
 * Largest message (UTF-8 bytes) passed between clients: it must still fit, wrapped in the
 * fan-out envelope, in one PostgreSQL NOTIFY (under 8000 bytes).
 */
export const MAX_GRID_LIVE_MESSAGE_BYTES = 7_000;
/** Longest socketKey / key. */
export const MAX_GRID_LIVE_KEY_LENGTH = 100;

function isKey(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_GRID_LIVE_KEY_LENGTH;
}

/**
 * The message in a text, or undefined when it is not one of the three shapes (not JSON, another
 * type, a missing or over-long key, args not a list). Only the known fields are kept.
 */
export function parseGridLiveMessage(text: string): GridLiveMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const { type, data } = json as { type?: unknown; data?: unknown };
  if (type === HEART_BEAT) return { type: HEART_BEAT, data };
  if (typeof data !== 'object' || data === null) return undefined;
  const fields = data as { key?: unknown; socketKey?: unknown; args?: unknown };
  if (!Array.isArray(fields.args)) return undefined;
  if (type === COMMON_SEND_DATE && isKey(fields.key)) return { type, data: { key: fields.key, args: fields.args } };
  if (type === GRID_UPDATE_COMMAND && isKey(fields.socketKey)) {
    return { type, data: { socketKey: fields.socketKey, args: fields.args } };
  }
  return undefined;
}

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
