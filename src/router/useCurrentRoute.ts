import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../store/session';
import { STATIC_RECORDS, buildRouteRecords, matchRouteRecord } from './menuRoutes';
import type { RouteMatch, RouteRecord } from './types';

/** Built once per menu: every caller sees the same record objects (PageOutlet compares them). */
const recordsOfMenu = new WeakMap<object, RouteRecord[]>();

/** Every page the signed-in user may open: the menu's records, then the static ones. */
export function useRouteRecords(): RouteRecord[] {
  const menu = useSession((s) => s.permissionList);
  return useMemo(() => {
    let records = recordsOfMenu.get(menu);
    if (!records) {
      records = [...buildRouteRecords(menu), ...STATIC_RECORDS];
      recordsOfMenu.set(menu, records);
    }
    return records;
  }, [menu]);
}

/** The page record of the current location with its path parameters; undefined for unknown paths. */
export function useCurrentRoute(): RouteMatch | undefined {
  const records = useRouteRecords();
  const { pathname } = useLocation();
  return useMemo(() => matchRouteRecord(records, pathname), [records, pathname]);
}
