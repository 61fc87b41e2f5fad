import { routeAnswerFor } from "~/lib/errors";

type Calls = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * One part of the product API as the app calls it (cartApi, checkoutApi...). Each call settles the refusals it
 * expects (a cart that is gone, a step's field errors) and returns them as values; any other failure leaves the call
 * as the route's answer (errors.ts), so no loader or action catches product-API errors itself.
 */
export function apiCalls<T extends Calls>(calls: T): T {
  const guarded = Object.entries(calls).map(([name, call]) => [
    name,
    (...args: never[]) =>
      call(...args).catch((thrown: unknown) => {
        throw routeAnswerFor(thrown);
      }),
  ]);
  return Object.fromEntries(guarded) as T;
}
