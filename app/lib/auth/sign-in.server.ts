import type { RouterContextProvider } from "react-router";
import { accountsApi } from "~/lib/accounts/api.server";
import { requestInfoContext } from "~/lib/request/context/keys";
import { requestLogFields, writeLog } from "~/lib/log/log.server";
import { withinLimits } from "./rate-limit.server";
import { signIn } from "./session-customer.server";

type Context = Readonly<RouterContextProvider>;

export type PasswordSignIn = { ok: true } | { ok: false; reason: "limited" | "credentials" };

/**
 * Signs in with an e-mail and password, within the rate limits: the one way both /login and the sign-in endpoint
 * (`/api/auth/callback/credentials`) do it. A refused attempt is logged without the password.
 */
export async function signInWithPassword(
  context: Context,
  request: Request,
  email: string,
  password: string,
): Promise<PasswordSignIn> {
  if (!(await withinLimits(context, request, "signin", email))) return { ok: false, reason: "limited" };
  const account = await accountsApi(context).credentials(email, password);
  if (!account) {
    const { env, waitUntil, log } = context.get(requestInfoContext);
    waitUntil(
      writeLog(log, env.ANALYTICS_DB, {
        level: "WARN",
        message: "Sign-in refused: wrong e-mail or password",
        ...requestLogFields(request),
      }),
    );
    return { ok: false, reason: "credentials" };
  }
  await signIn(context, account);
  return { ok: true };
}
