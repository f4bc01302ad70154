/**
 * A map that keeps the `capacity` most recently used entries: what a value costs to make is
 * paid once per key while the key stays in use (prepared statements, parsed settings).
 */
export class RecentCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  /** The value of `key`, made by `make` when it is not kept (the least recently used goes). */
  get(key: K, make: (key: K) => V): V {
    let value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
    } else {
      value = make(key);
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    }
    this.entries.set(key, value);
    return value;
  }
}
