// A function whose results are kept for the caller's lifetime, keyed by its argument: for work a single
// pass would otherwise repeat (the same text analysed for several fields of a document, the same text
// folded again each time a packet is re-rendered at a smaller limit). Make one per pass; it never evicts.
export function memoised<Key, Value>(compute: (key: Key) => Value): (key: Key) => Value {
  const results = new Map<Key, Value>();
  return (key) => {
    if (results.has(key)) return results.get(key) as Value;
    const value = compute(key);
    results.set(key, value);
    return value;
  };
}
