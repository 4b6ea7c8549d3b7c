interface Entry<T> {
  items: Set<T>;
  /** Something was pushed since the last run began. */
  pending: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Runs `run(key, items)` at most once per `intervalMs` for each key. The first push of a quiet key
 * runs on the next turn of the event loop (so the pushes of one turn go together); pushes during a
 * run, or within `intervalMs` after it ended, are collected and run together once that interval
 * has passed. A key that stays quiet for an interval is forgotten, so memory follows the keys
 * active in the last interval. A failed run is logged by `onError` and does not stop the key.
 */
export class KeyedThrottle<K, T> {
  private readonly entries = new Map<K, Entry<T>>();
  private closed = false;

  constructor(
    private readonly intervalMs: number,
    private readonly run: (key: K, items: ReadonlySet<T>) => Promise<void>,
    private readonly onError: (err: unknown, key: K) => void,
  ) {}

  /** Keys with a run under way or waiting (read by tests). */
  get size(): number {
    return this.entries.size;
  }

  push(key: K, item: T) {
    if (this.closed) return;
    const known = this.entries.get(key);
    if (known) {
      known.items.add(item);
      known.pending = true;
      return;
    }
    const entry: Entry<T> = { items: new Set([item]), pending: true };
    this.entries.set(key, entry);
    entry.timer = setTimeout(() => this.fire(key, entry), 0);
    entry.timer.unref?.();
  }

  private fire(key: K, entry: Entry<T>) {
    const items = entry.items;
    entry.items = new Set();
    entry.pending = false;
    entry.timer = undefined;
    this.run(key, items)
      .catch((err: unknown) => this.onError(err, key))
      .finally(() => {
        if (this.closed) return;
        entry.timer = setTimeout(() => {
          if (entry.pending) this.fire(key, entry);
          else this.entries.delete(key);
        }, this.intervalMs);
        entry.timer.unref?.();
      });
  }

  /** Drops everything waiting; runs under way finish but schedule nothing more. */
  close() {
    this.closed = true;
    for (const entry of this.entries.values()) clearTimeout(entry.timer);
    this.entries.clear();
  }
}
