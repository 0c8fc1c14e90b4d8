import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, type Location } from 'react-router-dom';
import { endSession, fetchPermissions } from '../store/auth';
import { useSession } from '../store/session';
import { decideNavigation } from './guard';
import { PageLoading } from './PageLoading';
import { preloadSignedInArea } from './signedInArea';

/** Carries out decideNavigation (spec §4) for every location; renders the page once it passes. */
export function NavigationGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const hasToken = useSession((s) => s.token !== null);
  const permissionsLoaded = useSession((s) => s.permissionList.length > 0);

  // The previous location, for its `redirect` query (JeecgBoot reads `from.query.redirect`).
  const [seen, setSeen] = useState<{ current: Location; previous?: Location }>({ current: location });
  if (seen.current !== location) setSeen({ current: location, previous: seen.current });
  const from = seen.current === location ? seen.previous : seen.current;

  // With a session the signed-in area's code is fetched now, beside the permission list.
  useEffect(() => {
    if (hasToken) preloadSignedInArea();
  }, [hasToken]);

  const decision = decideNavigation({ hasToken, permissionsLoaded }, location, from);
  const loading = decision.kind === 'loadPermissions';
  const then = loading ? decision.then : null;
  const onFailure = loading ? decision.onFailure : '';

  useEffect(() => {
    if (!loading) return;
    let alive = true;
    fetchPermissions()
      .then(() => {
        if (alive && then) navigate(then, { replace: true });
      })
      .catch(async () => {
        await endSession();
        if (alive) navigate(onFailure, { replace: true });
      });
    return () => {
      alive = false;
    };
  }, [loading, then, onFailure, navigate]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loadPermissions') return <PageLoading />;
  return <Outlet />;
}
