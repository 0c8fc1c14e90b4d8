import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { EntityRow } from './records';
import type { Actor } from './store';
import type { EntityValues } from './validate';

/** One row an add, edit or delete changed: as it was (none for an add) and as it is (none for a delete). */
export interface RowChange {
  before?: EntityRow;
  after?: EntityRow;
}

/**
 * Server behaviour a table needs around the generic add, edit and delete, which a page cannot declare
 * (a role some user holds is kept; nobody deletes themself; a deleted user's sessions and sockets
 * end; an invoice's linked amount follows its links). A named server module supplies them for its
 * table (server/app.ts); the generic routes call them behind the page's own permission codes.
 */
export interface EntityHooks {
  /**
   * Asked in the deleting transaction before rows go (into the recycle bin or for good): a message
   * refuses the whole delete.
   */
  deleteRefusal?(db: Kysely<DB>, rows: readonly EntityRow[], actor: Actor): Promise<string | undefined>;
  /**
   * Asked in the writing transaction before a checked record is added (`before` undefined) or an
   * edit is stored: it may set server-maintained values in `values`; a message refuses the write.
   */
  beforeWrite?(db: Kysely<DB>, values: EntityValues, before: EntityRow | undefined, actor: Actor): Promise<string | undefined>;
  /**
   * Told in the writing transaction once rows were added, edited or deleted (rows keyed by column):
   * a message refuses, and the whole write is undone with it.
   */
  afterWrite?(db: Kysely<DB>, changes: readonly RowChange[], actor: Actor): Promise<string | undefined>;
  /** Told once a delete through the page's delete endpoints committed. */
  afterDelete?(ids: readonly string[]): Promise<void>;
  /** Told once an edit of a row was written (数据源: its connection pools end). */
  afterEdit?(id: string): Promise<void>;
}
