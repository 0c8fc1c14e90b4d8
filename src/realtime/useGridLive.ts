import { useMemo } from 'react';
import { gridLiveSocketUrl } from '../../runtime/grid/socket/gridLiveSocketUrl';
import type { GridLive } from '../../runtime/views/grid/SchemaGridPage';
import { runtimeConfig } from '../config';
import { useSession } from '../store/session';
import { localStore, TENANT_ID } from '../store/storage';

/** Where the grid pages of the signed-in user open their /vxeSocket; undefined when signed out. */
export function useGridLive(): GridLive | undefined {
  const userId = useSession((s) => s.info?.id);
  const token = useSession((s) => s.token);
  return useMemo(() => {
    if (!userId || !token) return undefined;
    const base = runtimeConfig().domianURL;
    // The tenant the request layer sends as tenant-id, so live rows stay within it.
    const tenantId = Number(localStore.get<string | number>(TENANT_ID) ?? 0) || 0;
    return { token, socketUrl: (pageId: string) => gridLiveSocketUrl(base, userId, pageId, window.location, tenantId) };
  }, [userId, token]);
}
