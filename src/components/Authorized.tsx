import type { ReactNode } from 'react';
import type { AuthItem } from '../../runtime/auth/hasPermission';
import { useHasPermission } from '../hooks/usePermission';

interface AuthorizedProps {
  /** Required action, e.g. 'user:add'; several comma-separated actions mean "any of them". */
  action: string;
  /** A form's own permission list, consulted before the session lists. */
  formAuth?: readonly AuthItem[];
  children: ReactNode;
}

/** Keeps its children only when the user holds the action; otherwise renders nothing (spec §6). */
export default function Authorized({ action, formAuth, children }: AuthorizedProps) {
  return useHasPermission(action, formAuth) ? <>{children}</> : null;
}
