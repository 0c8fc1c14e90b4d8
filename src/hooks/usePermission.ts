import { useSession } from '../store/session';
import { hasPermission, type AuthItem } from '../../runtime/auth/hasPermission';

/**
 * Whether the signed-in user holds `action` (comma-separated: any one suffices). `formAuth` is a
 * form's own permission list, checked before the session lists (spec §6).
 */
export function useHasPermission(action: string, formAuth?: readonly AuthItem[]): boolean {
  const auth = useSession((s) => s.auth);
  const allAuth = useSession((s) => s.allAuth);
  return hasPermission(action, { formAuth, auth, allAuth });
}
