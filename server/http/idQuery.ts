/**
 * The query string of the routes that act on one record by `?id=` (queryById, delete, pause…): ids are
 * 32-character UUIDs without dashes here, and `_t` is the cache-buster the web app appends to GETs.
 */
export const idQuerySchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 32 }, _t: { type: 'string' } },
} as const;

export interface IdQuery {
  id: string;
}
