import type { CompiledField } from '../../schema/compiledPageTypes';

/** Which user property a `user` field stores (spec §3: "Users are stored by username or id"). */
export type UserValueKey = 'username' | 'id';

/**
 * The stored property of a user field: `options.userValue` when the page declares it, else the
 * username (JeecgBoot's JSelectUserByDep stores usernames).
 */
export function userValueKeyOf(field: CompiledField): UserValueKey {
  return field.options.userValue === 'id' ? 'id' : 'username';
}
