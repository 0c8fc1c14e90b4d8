/**
 * The part of an external store React reads with useSyncExternalStore: a version that grows with
 * every change and the listeners told of it. The name stores of the read-only cells (users,
 * departments, areas, linked options) extend it.
 */
export class VersionedStore {
  private readonly listeners = new Set<() => void>();
  private version = 0;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** Tells every listener that something changed. */
  protected changed(): void {
    this.version += 1;
    this.listeners.forEach((listener) => listener());
  }
}
