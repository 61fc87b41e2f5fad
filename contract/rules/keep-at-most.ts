/**
 * Keeps `value` under `key` in a map an isolate (or a page) holds for its life, dropping the oldest entry first once
 * the map holds `max`: what was worked out once is remembered, and the memory stays bounded whatever comes in.
 */
export function keepAtMost<K, V>(map: Map<K, V>, max: number, key: K, value: V): V {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}
