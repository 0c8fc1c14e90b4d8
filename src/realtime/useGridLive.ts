import { useMemo } from 'react';
import { vxeSocketUrl } from '../../runtime/grid/socket/vxeSocketUrl';
import type { GridLive } from '../../runtime/views/grid/SchemaGridPage';
import { runtimeConfig } from '../config';
import { useSession } from '../store/session';

/** Where the grid pages of the signed-in user open their /vxeSocket; undefined when signed out. */
export function useGridLive(): GridLive | undefined {
  const userId = useSession((s) => s.info?.id);
  const token = useSession((s) => s.token);
  return useMemo(() => {
    if (!userId || !token) return undefined;
    const base = runtimeConfig().domianURL;
    return { token, socketUrl: (pageId: string) => vxeSocketUrl(base, userId, pageId) };
  }, [userId, token]);
}
