import type { EntityRow } from './records';
import type { Actor } from './store';

/**
 * Server behaviour a system table needs around the generic writes, which a page cannot declare
 * (用户管理: nobody deletes themself; a deleted user's sessions and sockets end). A named server
 * module supplies them for its page's API path; the generic routes call them behind the page's
 * own permission codes.
 */
export interface EntityHooks {
  /** Before rows go into the recycle bin or are deleted for good: throw a BusinessError to refuse. */
  beforeRemove?(rows: readonly EntityRow[], actor: Actor): void | Promise<void>;
  /** After rows went into the recycle bin or were deleted for good (committed). */
  afterRemove?(ids: readonly string[]): Promise<void>;
}
