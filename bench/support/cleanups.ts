/**
 * What a bench made (temp folders, servers, browsers) and must remove when it ends — also on Ctrl-C,
 * and when it runs past its time limit, so a stuck bench never leaves a PostgreSQL server behind.
 * Cleanups run last-made first.
 */
export interface BenchCleanups {
  cleanups: Array<() => Promise<void>>;
  cleanUp(): Promise<void>;
}

export function benchCleanups(limitMinutes?: number): BenchCleanups {
  const cleanups: Array<() => Promise<void>> = [];
  const cleanUp = async (): Promise<void> => {
    while (cleanups.length > 0) await cleanups.pop()?.().catch((err: unknown) => console.error('cleanup failed:', err));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  if (limitMinutes !== undefined) {
    setTimeout(() => {
      console.error(`\nstill running after ${limitMinutes} min: giving up`);
      void cleanUp().finally(() => process.exit(1));
    }, limitMinutes * 60_000).unref();
  }
  return { cleanups, cleanUp };
}
