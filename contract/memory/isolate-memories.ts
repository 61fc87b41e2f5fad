import { keepAtMost } from "../rules/keep-at-most";

/**
 * What one of the isolate's memories keeps, and how much of it: every module-level cache is made here, with its bounds
 * (docs/decisions/0043). An isolate (a worker's, or a browser page's) lives for many requests: what a module keeps
 * outside a request stays until the isolate ends, so nothing is kept without a bound.
 */
export type MemoryBounds = {
  /** What it keeps, in words: its line in the registry. */
  name: string;
  /** How long an entry counts: milliseconds, or what decides it (an answer's own expiry, the isolate's life). */
  ttl: number | string;
} & (
  | {
      /** Entries at most; past it, the oldest goes first (`keep`). */
      maxEntries: number;
      maxBytes?: undefined;
    }
  | {
      /** Bytes at most, for a memory that weighs what it keeps (the pages kept in memory): its owner counts them. */
      maxBytes: number;
      maxEntries?: undefined;
    }
);

/** A memory: a Map whose `keep` holds it to its bounds. */
export class IsolateMemory<K, V> extends Map<K, V> {
  constructor(readonly bounds: MemoryBounds) {
    super();
  }

  /** Keeps `value` under `key` and answers it; past `maxEntries`, the oldest entry goes first. */
  keep(key: K, value: V): V {
    return keepAtMost(this, this.bounds.maxEntries ?? Number.POSITIVE_INFINITY, key, value);
  }
}

/** The registry: every memory of this isolate, in the order its module made it. */
const memories: IsolateMemory<unknown, unknown>[] = [];

/** A new memory of this isolate, listed in the registry with its bounds. */
export function isolateMemory<K, V>(bounds: MemoryBounds): IsolateMemory<K, V> {
  const memory = new IsolateMemory<K, V>(bounds);
  memories.push(memory as IsolateMemory<unknown, unknown>);
  return memory;
}

/** The memories this isolate has made so far (their modules loaded), with their bounds and what they hold now. */
export function isolateMemories(): readonly { bounds: MemoryBounds; entries: number }[] {
  return memories.map((memory) => ({ bounds: memory.bounds, entries: memory.size }));
}
