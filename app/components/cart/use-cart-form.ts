import { useFetcher } from "react-router";
import type { CartDone } from "~/lib/cart/action.server";
import type { CartIntent } from "~/lib/cart/forms";
import { isFormRefusal, type FormRefusal } from "~/lib/forms/form-refusal";

/** What the cart action answered: a change it made, or a refusal (intent and line are among the values sent). */
export type CartAnswer = CartDone | FormRefusal;

const intentOf = (answer: CartAnswer) => (isFormRefusal(answer) ? answer.values.intent : answer.intent);

/**
 * One cart form's fetcher and its last answer: the fetcher's (with JavaScript) or the page's action data when the
 * plain POST of this very form came back with an error (without JavaScript).
 */
export function useCartForm(key: string, actionData: CartAnswer | undefined, matches: (answer: CartAnswer) => boolean) {
  const fetcher = useFetcher<CartAnswer>({ key });
  const answer =
    fetcher.state === "idle"
      ? (fetcher.data ?? (actionData && matches(actionData) ? actionData : undefined))
      : undefined;
  return { fetcher, busy: fetcher.state !== "idle", answer, refusal: answer && isFormRefusal(answer) ? answer : null };
}

export const isIntent =
  (...intents: CartIntent[]) =>
  (answer: CartAnswer) =>
    (intents as string[]).includes(intentOf(answer) ?? "");

/** A refusal of this line's form (its `line` value). */
export const isOfLine = (line: number) => (answer: CartAnswer) =>
  isFormRefusal(answer) && Number(answer.values.line) === line;
