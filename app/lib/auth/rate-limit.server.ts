import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/lib/request/context/keys";

/** Seconds until a limited visitor may try again: the limiters count per minute. */
export const RETRY_AFTER_SECONDS = 60;

/**
 * Whether this attempt (a sign-in, a password-reset request, a new account, a contact-form message) is within the
 * limits: per e-mail and per client address, with the Workers rate-limiting binding. Both are counted on every attempt.
 */
export async function withinLimits(
  context: Readonly<RouterContextProvider>,
  request: Request,
  action: "signin" | "reset" | "signup" | "contact",
  email: string,
) {
  const { env } = context.get(requestInfoContext);
  const address = request.headers.get("cf-connecting-ip") ?? "local";
  const [byEmail, byAddress] = await Promise.all([
    env.AUTH_EMAIL_LIMIT.limit({ key: `${action}:${email.trim().toLowerCase()}` }),
    env.AUTH_ADDRESS_LIMIT.limit({ key: `${action}:${address}` }),
  ]);
  return byEmail.success && byAddress.success;
}
