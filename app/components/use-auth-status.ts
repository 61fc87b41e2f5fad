import { useSyncExternalStore } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { useRootData } from "./use-root-data";

/** SPEC 4's auth status. */
export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

const noChanges = () => () => undefined;

/**
 * Who is in, as the header and the account links show it (docs/decisions/0037): "loading" while the page hydrates and
 * while the root's data, which names the signed-in customer, is being read again (a refresh on focus or from another
 * tab, a form sent: a sign-in, a sign-out); then "authenticated" or "unauthenticated". Meanwhile `signedIn` is the last
 * answer the server gave, so a link always goes somewhere that works (without JavaScript too).
 */
export function useAuthStatus(): { status: AuthStatus; signedIn: boolean; customerName: string | null } {
  const root = useRootData();
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const revalidating = useRevalidator().state === "loading";
  const { formMethod } = useNavigation();
  const sending = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  const customerName = root?.customerName ?? null;
  const status: AuthStatus =
    !hydrated || revalidating || sending ? "loading" : customerName ? "authenticated" : "unauthenticated";
  return { status, signedIn: customerName !== null, customerName };
}
