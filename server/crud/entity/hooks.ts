import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { EntityRow } from './records';
import type { Actor } from './store';

/**
 * Server behaviour a system table needs around the generic edit and delete, which a page cannot declare
 * (a role some user holds is kept; nobody deletes themself; a deleted user's sessions and sockets
 * end). A named server module supplies them for its table (server/app.ts); the generic routes call
 * them behind the page's own permission codes.
 */
export interface EntityHooks {
  /**
   * Asked in the deleting transaction before rows go (into the recycle bin or for good): a message
   * refuses the whole delete.
   */
  deleteRefusal?(db: Kysely<DB>, rows: readonly EntityRow[], actor: Actor): Promise<string | undefined>;
  /** Told once a delete through the page's delete endpoints committed. */
  afterDelete?(ids: readonly string[]): Promise<void>;
  /** Told once an edit of a row was written (数据源: its connection pools end). */
  afterEdit?(id: string): Promise<void>;
}
