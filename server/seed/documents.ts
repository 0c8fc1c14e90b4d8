import type { AnnouncementsSeed } from '../generated/seed/announcements';
import type { CheckRulesSeed } from '../generated/seed/check-rules';
import type { DepartsSeed } from '../generated/seed/departs';
import type { DictsSeed } from '../generated/seed/dicts';
import type { MenusSeed } from '../generated/seed/menus';
import type { PositionsSeed } from '../generated/seed/positions';
import type { RolesSeed } from '../generated/seed/roles';
import type { UsersSeed } from '../generated/seed/users';

/** Each seed file under schemas/seed/ (by name, without .json) and the type its meta-schema generates. */
export interface SeedDocuments {
  departs: DepartsSeed;
  positions: PositionsSeed;
  roles: RolesSeed;
  users: UsersSeed;
  menus: MenusSeed;
  dicts: DictsSeed;
  announcements: AnnouncementsSeed;
  'check-rules': CheckRulesSeed;
}

export type SeedName = keyof SeedDocuments;

/** A seed file that is malformed or inconsistent; the message names the file and the place. */
export class SeedError extends Error {
  override name = 'SeedError';
}
