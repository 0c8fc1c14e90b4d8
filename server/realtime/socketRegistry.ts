/** The open sockets of one node, grouped by a key (a user, a page); an empty group is forgotten. */
export class SocketRegistry<T> {
  private readonly groups = new Map<string, Set<T>>();

  /** Registers a socket under a key; returns the function that removes it again. */
  add(key: string, socket: T): () => void {
    let group = this.groups.get(key);
    if (!group) {
      group = new Set();
      this.groups.set(key, group);
    }
    group.add(socket);
    const set = group;
    return () => {
      set.delete(socket);
      if (set.size === 0 && this.groups.get(key) === set) this.groups.delete(key);
    };
  }

  /** The sockets under a key (none when there are none). */
  of(key: string): ReadonlySet<T> {
    return this.groups.get(key) ?? EMPTY;
  }

  /** Every socket of the node. */
  *all(): Iterable<T> {
    for (const group of this.groups.values()) yield* group;
  }
}

const EMPTY: ReadonlySet<never> = new Set();
