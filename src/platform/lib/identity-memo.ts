// A value derived from an object, computed once per object and kept exactly as long as the object lives
// (a WeakMap): for derivations of cached rows, which keep their identity while they stay in a cache.
// Whoever owns the rows' cache owns the memo, so it is never shared beyond the rows' own lifetime.
export class IdentityMemo<Key extends object, Value> {
  private readonly values = new WeakMap<Key, Value>();

  constructor(private readonly derive: (key: Key) => Value) {}

  get(key: Key): Value {
    let value = this.values.get(key);
    if (value === undefined) {
      value = this.derive(key);
      this.values.set(key, value);
    }
    return value;
  }
}
