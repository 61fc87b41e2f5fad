import type { RouterContextProvider } from "react-router";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * A page's read that a middleware makes on a GET, before the loaders, so that what it brings serves the request's other
 * needs too (the account check, the header's cart count) without calls of their own (docs/decisions/0030). The page's
 * loader takes the same answer, or reads afresh when no middleware read (after an action).
 */
export function readFirst<T>(read: (args: Args) => Promise<T>) {
  const made = new WeakMap<Args["context"], Promise<T>>();
  return {
    /** Reads now, and keeps the answer for the page's loader. */
    start(args: Args): Promise<T> {
      const reading = read(args);
      made.set(args.context, reading);
      return reading;
    },
    /** The answer read on this request, else a fresh read. */
    answer(args: Args): Promise<T> {
      return made.get(args.context) ?? read(args);
    },
  };
}

export type ReadFirst<T> = ReturnType<typeof readFirst<T>>;
