import type { CompiledField } from '../../../runtime/schema/compiledPageTypes';
import { hashPassword } from '../../auth/password';
import { passwordPolicyError } from '../../auth/passwordPolicy';
import type { DbValue } from './coerce';
import type { EntityModel } from './model';
import type { EntityValues } from './validate';

/**
 * Named server transforms a page field may ask for (page language `serverHook`): what a page
 * cannot declare itself. Each checks the typed value (a refusal is a field error like any rule's)
 * and turns it into what is stored, inside the write path every add, edit and import takes.
 */
interface FieldHook {
  /** The refusal for a value, or undefined. */
  check(value: string): string | undefined;
  store(value: string): Promise<string>;
}

const HOOKS: Record<NonNullable<CompiledField['serverHook']>, FieldHook> = {
  // The same rule as every other password the server sets; only the argon2id hash is kept.
  passwordHash: { check: passwordPolicyError, store: hashPassword },
};

export function fieldHookError(field: CompiledField, value: DbValue): string | undefined {
  if (!field.serverHook || value === null) return undefined;
  return HOOKS[field.serverHook].check(String(value));
}

/** Replaces each hooked value of the records by what is stored (after validation, before the write). */
export async function applyFieldHooks(model: EntityModel, records: readonly EntityValues[]): Promise<void> {
  const hooked = model.writable.filter((f) => f.serverHook !== undefined);
  for (const field of hooked) {
    const hook = HOOKS[field.serverHook as keyof typeof HOOKS];
    for (const values of records) {
      const value = values[field.name];
      if (value !== null && value !== undefined) values[field.name] = await hook.store(String(value));
    }
  }
}
