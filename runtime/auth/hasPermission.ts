/**
 * Button-level permission check (spec §6). Pure: the caller passes the lists it holds, so this file
 * imports nothing from src/ or server/ and works the same for pages, schema-driven lists and tests.
 */

/** One button permission as the server sends it in `auth` / `allAuth` (or a form's own list). */
export interface AuthItem {
  action: string;
  /** '1' show/hide rule, '2' disable rule; both mean the user holds the action. Missing = '1' (the column default). */
  type?: string;
  /** allAuth only: '1' rule in force, '0' rule switched off. */
  status?: string;
}

export interface PermissionContext {
  /** A form's own permission list, checked before the session lists. */
  formAuth?: readonly AuthItem[];
  /** The buttons granted to the signed-in user (getUserPermissionByToken → auth). */
  auth: readonly AuthItem[];
  /** Every button rule of the system with its status (getUserPermissionByToken → allAuth). */
  allAuth: readonly AuthItem[];
}

/**
 * Reading chosen for status '0' (the spec states both readings and leaves it open):
 * a rule whose status is '0' is SWITCHED OFF, so it is not enforced and the element is shown to
 * everybody. Why:
 * - It is what JeecgBoot's shipped Vue 2 client does (src/utils/hasPermission.js: a code found in
 *   allAuth with status '0' sets `invalidFlag` and the element is kept), so an administrator who
 *   flips a button rule to "无效" in the permission screen gets the behaviour they know.
 * - The server never puts status-'0' rules in `auth` (it lists only status '1'), so the other
 *   reading ("'0' denies") would make a disabled rule indistinguishable from a rule the user lacks
 *   — the switch would have no effect at all, which is not a useful meaning for a back office.
 * - Security is unchanged: the server checks the permission code of every call on its own; hiding
 *   a button is a convenience, never the guard.
 */
const SWITCHED_OFF = '0';

function countsAsHeld(item: AuthItem): boolean {
  const type = item.type ?? '1';
  return type === '1' || type === '2';
}

function ruleSwitchedOff(action: string, lists: readonly (readonly AuthItem[] | undefined)[]): boolean {
  return lists.some((list) => list?.some((item) => item.action === action && item.status === SWITCHED_OFF) ?? false);
}

function holds(list: readonly AuthItem[] | undefined, action: string): boolean {
  return list?.some((item) => item.action === action && countsAsHeld(item)) ?? false;
}

/** Splits 'user:add, user:edit' into its actions; blanks are dropped. */
export function parseActions(required: string): string[] {
  return required
    .split(',')
    .map((action) => action.trim())
    .filter((action) => action.length > 0);
}

/**
 * True when the user may see the element guarded by `required` — a comma-separated list of
 * actions, any one of which suffices. An empty requirement guards nothing.
 */
export function hasPermission(required: string, ctx: PermissionContext): boolean {
  const actions = parseActions(required);
  if (actions.length === 0) return true;
  return actions.some((action) => {
    if (ruleSwitchedOff(action, [ctx.allAuth, ctx.formAuth])) return true;
    // The form's own list is consulted first: a form may grant an action the session lists lack.
    if (holds(ctx.formAuth, action)) return true;
    return holds(ctx.auth, action);
  });
}
