import type { RouterContextProvider } from "react-router";

type Context = Readonly<RouterContextProvider>;

/**
 * What a request works out once (a read its middleware, loaders and guards all ask for), kept beside its context: a
 * WeakMap keyed by the request's context, so it goes with the request and is never an isolate's memory
 * (docs/decisions/0043). The one way a module keeps something per request.
 */
export function requestMemory<T>(): WeakMap<Context, T> {
  return new WeakMap<Context, T>();
}
