/**
 * Runs `work` once the browser is idle (at the latest after `timeoutMs`); where there is no
 * requestIdleCallback, after `timeoutMs`. Returns a cancel function.
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, timeoutMs);
  return () => window.clearTimeout(handle);
}
