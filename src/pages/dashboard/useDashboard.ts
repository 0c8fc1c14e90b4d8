import { useCallback, useEffect, useState } from 'react';
import type { DashboardAnswer } from '../../../runtime/dashboard/figures';
import { fetchDashboard, fetchLoginInfo, fetchVisitInfo, type LoginInfo, type VisitDay } from './dashboardApi';

/** A part of 首页 read from the server: loading, its answer, or the reason it failed (shown with 重试). */
export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; message: string };

export const LOAD_FAILED = '数据加载失败，请稍后重试';

function messageOf(err: unknown): string {
  return err instanceof Error && /[\u4e00-\u9fa5]/.test(err.message) ? err.message : LOAD_FAILED;
}

/**
 * Loads one part of the page once per `generation`; a failure (refused answer, network, timeout)
 * ends the loading with its Chinese message, never leaving a spinner.
 */
function useLoaded<T>(enabled: boolean, load: () => Promise<{ success: boolean; message: string; result: T | null }>): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    load()
      .then((res) => {
        if (!alive) return;
        if (res.success && res.result !== null && res.result !== undefined) setState({ state: 'ready', data: res.result });
        else setState({ state: 'failed', message: res.message || LOAD_FAILED });
      })
      .catch((err: unknown) => {
        if (alive) setState({ state: 'failed', message: messageOf(err) });
      });
    return () => {
      alive = false;
    };
    // `load` is a module function; the generation asks for a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, generation]);
  const retry = useCallback(() => {
    setState({ state: 'loading' });
    setGeneration((g) => g + 1);
  }, []);
  return [state, retry];
}

export interface Visits {
  info: LoginInfo;
  days: VisitDay[];
}

async function loadVisits() {
  const [info, days] = await Promise.all([fetchLoginInfo(), fetchVisitInfo()]);
  if (!info.success) return { success: false, message: info.message, result: null };
  if (!days.success) return { success: false, message: days.message, result: null };
  return { success: true, message: '', result: info.result && days.result ? { info: info.result, days: days.result } : null };
}

/** 首页's figures (when the user may list cases) and visits (when they may read the log). */
export function useDashboard(canFigures: boolean, canVisits: boolean) {
  const [figures, retryFigures] = useLoaded<DashboardAnswer>(canFigures, fetchDashboard);
  const [visits, retryVisits] = useLoaded<Visits>(canVisits, loadVisits);
  return { figures, retryFigures, visits, retryVisits };
}
