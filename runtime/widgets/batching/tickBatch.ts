/**
 * Collects the keys asked for in one tick and hands them to `run` together, so a page of cells costs
 * one request, not one per cell. Keys asked for while a run is under way are run right after it, in
 * the same promise: without that, a page changed while its names were loading kept its new keys
 * queued until some later ask came along.
 */
export class TickBatch<K> {
  private queued = new Set<K>();
  private pending: Promise<void> | undefined;

  constructor(private readonly run: (keys: K[]) => Promise<void>) {}

  /** Queues `keys`; settles once they (and everything queued with them) have been run. */
  add(keys: Iterable<K>): Promise<void> {
    for (const key of keys) this.queued.add(key);
    if (!this.pending) {
      this.pending = this.drain().finally(() => {
        this.pending = undefined;
      });
    }
    return this.pending;
  }

  private async drain(): Promise<void> {
    // One microtask: the rest of this tick's cells queue their keys first.
    await Promise.resolve();
    do {
      const keys = [...this.queued];
      this.queued = new Set();
      await this.run(keys);
    } while (this.queued.size > 0);
  }
}
