import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { accountsApi } from "~/lib/accounts/api.server";
import { readForm } from "~/lib/forms/form.server";
import { translate } from "~/lib/i18n/translate.server";
import { localizePath } from "@contract/locales/paths";
import { brandContext, localeContext, requestInfoContext, sessionContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";
import { callbackPath } from "./callback-url.server";
import { csrfToken, isCsrfValid } from "./csrf-token.server";
import { finishSignIn, startSignIn } from "./oidc.server";
import { signInProviders } from "./providers.server";
import { RETRY_AFTER_SECONDS } from "./rate-limit.server";
import { signIn, signOut } from "./session-customer.server";
import { signInWithPassword } from "./sign-in.server";

/**
 * The Auth.js REST protocol under /api/auth (decision 0015), on the storefront's own session: GET providers, session
 * and csrf; POST signin/{provider}, callback/{provider} (and GET callback/{provider} back from another provider) and
 * signout. Form bodies carry csrfToken, callbackUrl and json; `json=true` is answered with `{ url }` instead of a
 * redirect, so an Auth.js client works against it unchanged.
 */
type Args = { request: Request; context: Readonly<RouterContextProvider> };

const PENDING_MINUTES = 10;
const protocolForm = z
  .object({
    csrfToken: z.string().optional(),
    callbackUrl: z.string().max(2048).optional(),
    json: z.string().optional(),
  })
  .loose();

/** Auth.js's providers list: the ways of signing in this brand offers here (providers.server.ts), by id. */
function providers({ request, context }: Args) {
  const origin = pageUrl(request).origin;
  return Object.fromEntries(
    signInProviders(context).map(({ id, name, type }) => [
      id,
      {
        id,
        name,
        type,
        signinUrl: `${origin}/api/auth/signin/${id}`,
        callbackUrl: `${origin}/api/auth/callback/${id}`,
      },
    ]),
  );
}

const json = (body: unknown, status = 200, headers?: HeadersInit) => Response.json(body, { status, headers });

/** Where the visitor goes next: a redirect, or `{ url }` for a client that asked for JSON. */
function answer({ request }: Args, path: string, wantsJson: boolean) {
  return wantsJson ? json({ url: new URL(path, pageUrl(request).origin).href }) : redirect(path, 302);
}

/** Auth.js's sign-in page is our /login, in the visitor's locale; errors travel as `?error=`. */
const loginPath = ({ context }: Args, query = "") =>
  `${localizePath("/login", context.get(localeContext), context.get(brandContext))}${query}`;

export async function authGet(args: Args, action: string): Promise<Response> {
  const { request, context } = args;
  const { config } = context.get(requestInfoContext);
  if (action === "providers") return json(providers(args));
  if (action === "csrf") {
    const { token, setCookie } = await csrfToken(request, config.sessionPassword ?? "");
    return json({ csrfToken: token }, 200, setCookie ? { "Set-Cookie": setCookie } : undefined);
  }
  if (action === "session") {
    const session = context.get(sessionContext);
    const customer = session.data.customer;
    return json(
      customer
        ? {
            user: { name: `${customer.firstName} ${customer.lastName}`.trim(), email: customer.email, image: null },
            expires: session.expiresAt.toISOString(),
          }
        : null,
    );
  }
  if (action === "signin" || action === "signout") return redirect(loginPath(args), 302);
  const [kind, provider] = action.split("/");
  const oidcOffered = signInProviders(context).some((offered) => offered.type === "oidc" && offered.id === provider);
  if (kind === "callback" && oidcOffered) return oidcCallback(args);
  if (kind === "callback" || kind === "signin") return invalidProvider(args, provider);
  return json({ error: "NotFound", message: `No auth endpoint ${action}` }, 404);
}

/** The spec's InvalidProvider: 400 for a provider this brand does not offer, 500 when it offers none at all. */
function invalidProvider({ context }: Args, provider: string | undefined) {
  if (signInProviders(context).length === 0)
    return json({ error: "InvalidProvider", message: "No sign-in providers loaded" }, 500);
  return json({ error: "InvalidProvider", message: `Unknown provider ${provider ?? ""}` }, 400);
}

export async function authPost(args: Args, action: string): Promise<Response> {
  const { request, context } = args;
  const { config } = context.get(requestInfoContext);
  const values = await readForm(args);
  const form = protocolForm.parse(values);
  const wantsJson = form.json === "true";
  const csrfValid = await isCsrfValid(request, form.csrfToken, config.sessionPassword ?? "");
  if (action === "signout") {
    if (!csrfValid) return json({ error: "MissingCSRF", message: "Could not fetch CSRF Token for signing out" }, 400);
    const target = callbackPath(request, form.callbackUrl);
    if (target === null) return json({ error: "InvalidCallbackUrl", message: "External URL navigation refused" }, 400);
    signOut(context);
    return answer(args, target, wantsJson);
  }
  const [kind, provider] = action.split("/");
  const known = Object.keys(providers(args));
  if ((kind !== "signin" && kind !== "callback") || !provider)
    return json({ error: "NotFound", message: `No auth endpoint ${action}` }, 404);
  if (!known.includes(provider)) return invalidProvider(args, provider);
  if (!csrfValid) return json({ error: "MissingCSRF", message: "CSRF token missing or invalid" }, 403);
  const target = callbackPath(request, form.callbackUrl);
  if (target === null) return json({ error: "InvalidCallbackUrl", message: "External URL navigation refused" }, 400);

  if (provider === "credentials") {
    // Signing in with a password happens at its callback; its sign-in "page" is /login.
    if (kind === "signin")
      return answer(args, loginPath(args, `?callbackUrl=${encodeURIComponent(target)}`), wantsJson);
    const email = typeof values.email === "string" ? values.email.slice(0, 254) : "";
    const password = typeof values.password === "string" ? values.password.slice(0, 200) : "";
    const result =
      email && password
        ? await signInWithPassword(context, request, email, password)
        : ({ ok: false, reason: "credentials" } as const);
    if (result.ok) return answer(args, target, wantsJson);
    if (result.reason === "limited") {
      return json({ error: "RateLimited", message: translate(context, "auth.errors.rateLimited") }, 429, {
        "Retry-After": String(RETRY_AFTER_SECONDS),
      });
    }
    return answer(args, loginPath(args, "?error=CredentialsSignin&code=credentials"), wantsJson);
  }

  // Another provider: its sign-in starts here and comes back to GET callback/{provider}.
  const oidc = config.oidc!;
  const started = await startSignIn(oidc, `${pageUrl(request).origin}/api/auth/callback/${oidc.id}`);
  context
    .get(sessionContext)
    .update({ oidcPending: { ...started.pending, callbackUrl: target, startedAt: Date.now() } });
  return answer(args, started.url.href, wantsJson);
}

/** Back from the other provider: its answer must match the sign-in this session started, within ten minutes. */
async function oidcCallback(args: Args): Promise<Response> {
  const { request, context } = args;
  const oidc = context.get(requestInfoContext).config.oidc!;
  const session = context.get(sessionContext);
  const pending = session.data.oidcPending;
  session.update({ oidcPending: null });
  if (!pending || Date.now() - pending.startedAt > PENDING_MINUTES * 60_000)
    return redirect(loginPath(args, "?error=OAuthCallbackError"), 302);
  let identity: Awaited<ReturnType<typeof finishSignIn>>;
  try {
    identity = await finishSignIn(
      oidc,
      `${pageUrl(request).origin}/api/auth/callback/${oidc.id}`,
      pageUrl(request),
      pending,
    );
  } catch (error) {
    context
      .get(requestInfoContext)
      .log.line("WARN", `OpenID Connect sign-in refused: ${error instanceof Error ? error.message : String(error)}`);
    return redirect(loginPath(args, "?error=OAuthCallbackError"), 302);
  }
  const account = await accountsApi(context).identity({ provider: oidc.id, ...identity });
  if (!account) return redirect(loginPath(args, "?error=AccessDenied"), 302);
  await signIn(context, account);
  return redirect(pending.callbackUrl, 302);
}
