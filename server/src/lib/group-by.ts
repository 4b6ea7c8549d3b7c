/**
 * `items` in lists by `keyOf`, each list in the items' order, `valueOf` of each item (the item
 * itself by default). One pass: a list grows in place, never copied per item.
 */
export function groupBy<T, K, V = T>(
  items: Iterable<T>,
  keyOf: (item: T) => K,
  valueOf: (item: T) => V = (item) => item as unknown as V,
): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(valueOf(item));
    else groups.set(key, [valueOf(item)]);
  }
  return groups;
}
