import { useEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router-dom';
import { registerFormilyCompiler } from '../../runtime/expr/formilyCompiler';
import { setLowAppId } from '../api/lowApp';
import { HOME_PATH } from '../config';
import BasicLayout from '../layouts/BasicLayout';
import { useCurrentRoute } from './useCurrentRoute';

// This module opens the signed-in area's chunk (signedInArea.ts), so what only signed-in pages use
// is set up here, not in main.tsx: Formily evaluates page expressions (linkage, visibility) with
// our safe evaluator, never eval.
registerFormilyCompiler();

// The request layer already reports failures to the user; retrying would report them twice.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

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
  return (
    <QueryClientProvider client={queryClient}>
      <BasicLayout />
    </QueryClientProvider>
  );
}
