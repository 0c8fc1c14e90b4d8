import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { setLowAppId } from '../api/lowApp';
import { HOME_PATH } from '../config';
import BasicLayout from '../layouts/BasicLayout';
import { useCurrentRoute } from './useCurrentRoute';

/**
 * Every signed-in page: unknown paths go to /404, parents to their redirect, external links open
 * in a new browser tab; everything else renders in the layout, which shows the view of
 * useCurrentRoute() through viewFor().
 */
export function AuthenticatedArea() {
  const current = useCurrentRoute();
  const navigate = useNavigate();
  const record = current?.record;
  const newTabUrl = record?.external?.mode === 'newTab' ? record.external.url : undefined;

  // Set while rendering, before any child effect can send a request for this page.
  setLowAppId(record?.lowApp ? current?.params.appId : null);

  useEffect(() => {
    if (!newTabUrl) return;
    window.open(newTabUrl, '_blank', 'noopener');
    navigate(HOME_PATH, { replace: true });
  }, [newTabUrl, navigate]);

  if (!record) return <Navigate to="/404" replace />;
  if (record.redirect && record.redirect !== record.path) return <Navigate to={record.redirect} replace />;
  if (newTabUrl) return null;
  return <BasicLayout />;
}
