/**
 * Button-level permission check (spec §6). Pure: the caller passes the lists it holds, so this file
 * imports nothing from src/ or server/ and works the same for pages, schema-driven lists and tests.
 */

/** One button permission as the server sends it in `auth` / `allAuth` (or a form's own list). */
export interface AuthItem {
  action: string;
  /** '1' show/hide rule, '2' disable rule; both mean the user holds the action. Missing = '1' (the column default). */
  type?: string;
  /** allAuth only: '1' rule in force, '0' rule invalid (grants nothing). */
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
 * a rule whose status is '0' is INVALID, so it grants nothing — the element is removed for
 * everybody, whatever the user's roles. Why:
 * - It is what the server enforces: a button code counts for a user only while its rule has status
 *   '1' (server/auth/permissions.ts), so the API refuses that action with 510 to everyone. Showing
 *   the button (JeecgBoot's Vue 2 client keeps it) would offer a click that can only fail.
 * - It fails closed: switching a rule off in the permission screen takes an action away
 *   (e.g. pausing exports for everybody) instead of silently opening it to every user.
 */
const SWITCHED_OFF = '0';

function countsAsHeld(item: AuthItem): boolean {
  const type = item.type ?? '1';
  return type === '1' || type === '2';
}

function ruleSwitchedOff(action: string, allAuth: readonly AuthItem[]): boolean {
  return allAuth.some((item) => item.action === action && item.status === SWITCHED_OFF);
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
    if (ruleSwitchedOff(action, ctx.allAuth)) return false;
    // The form's own list is consulted first: a form may grant an action the session lists lack.
    if (holds(ctx.formAuth, action)) return true;
    return holds(ctx.auth, action);
  });
}
