/**
 * Names a grid page and its server share: the page id of its /vxeSocket ('cost.workHour') and the
 * socketKey its grid binds under.
 */
export const GRID_SOCKET_KEY = 'grid';

export function gridPageId(module: string, entity: string): string {
  return `${module}.${entity}`;
}
