import { nextTask } from "./next-task";

/**
 * A loader's deferred values, each as the page can best use it: the value itself when its promise has settled before
 * the isolate turns to its next task (an answer kept in the isolate's memory settles at once), else the promise, which
 * the page streams behind its `<Await>` as before. A value written in place needs no Suspense boundary completed
 * later, no script to move it into place and no second chunk of loader data. A rejection stays a promise, so the
 * page's `<Await>` shows its error as before. (An object, not a promise per value: a promise resolved with a promise
 * would wait for it.)
 */
export async function readyOrDeferred<T extends Record<string, unknown>>(
  promises: { [K in keyof T]: Promise<T[K]> },
): Promise<ReadyOrDeferred<T>> {
  const ready = new Map<string, unknown>();
  for (const [key, promise] of Object.entries<Promise<unknown>>(promises))
    promise.then(
      (value) => ready.set(key, value),
      () => undefined,
    );
  await nextTask();
  return Object.fromEntries(
    Object.entries(promises).map(([key, promise]) => [key, ready.has(key) ? ready.get(key) : promise]),
  ) as ReadyOrDeferred<T>;
}

/** Each value settled, or still its promise. */
type ReadyOrDeferred<T extends Record<string, unknown>> = { [K in keyof T]: T[K] | Promise<T[K]> };
