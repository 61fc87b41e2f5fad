import { useFetcher } from "react-router";
import type { CartActionData } from "~/lib/cart/action.server";
import type { CartIntent } from "~/lib/cart/forms";

/**
 * One cart form's fetcher and its last answer: the fetcher's (with JavaScript) or the page's action data when the
 * plain POST of this very form came back with an error (without JavaScript).
 */
export function useCartForm(key: string, actionData: CartActionData | undefined, matches: (data: CartActionData) => boolean) {
  const fetcher = useFetcher<CartActionData>({ key });
  const answer = fetcher.state === "idle" ? (fetcher.data ?? (actionData && matches(actionData) ? actionData : undefined)) : undefined;
  return { fetcher, busy: fetcher.state !== "idle", answer, error: answer && !answer.ok ? answer : null };
}

export const isIntent = (...intents: CartIntent[]) => (data: CartActionData) => data.intent !== null && intents.includes(data.intent);
