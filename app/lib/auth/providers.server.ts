import type { RouterContextProvider } from "react-router";
import type { Brand, SignInProvider } from "@contract/brands/brands";
import type { AppConfig } from "~/lib/request/context/config.server";
import { localRedirect } from "~/lib/guards/redirect.server";
import { brandContext, requestInfoContext } from "~/lib/request/context/keys";

export type OfferedProvider = { id: string; name: string; type: SignInProvider };

/**
 * The ways of signing in this request's brand offers: those of the brand's own (`signInProviders`) that its
 * environment offers (AUTH_PROVIDERS), the OpenID Connect provider only when its settings are set. Possibly none.
 */
export function signInProviders(context: Readonly<RouterContextProvider>): OfferedProvider[] {
  return offeredProviders(context.get(brandContext), context.get(requestInfoContext).config);
}

export function offeredProviders(
  brand: Pick<Brand, "signInProviders">,
  config: Pick<AppConfig, "authProviders" | "oidc">,
): OfferedProvider[] {
  const offered = (provider: SignInProvider) =>
    brand.signInProviders.includes(provider) && config.authProviders.includes(provider);
  return [
    ...(offered("credentials") ? [{ id: "credentials", name: "Credentials", type: "credentials" as const }] : []),
    ...(offered("oidc") && config.oidc ? [{ id: config.oidc.id, name: config.oidc.name, type: "oidc" as const }] : []),
  ];
}

/** Whether shoppers sign in (and make accounts) with an e-mail and a password here. */
export function offersPassword(context: Readonly<RouterContextProvider>) {
  return signInProviders(context).some((provider) => provider.type === "credentials");
}

/** Pages of the password alone (choosing a new one): where nobody signs in with one, /login says how to sign in. */
export function requirePasswordSignIn({ context }: { context: Readonly<RouterContextProvider> }) {
  if (!offersPassword(context)) throw localRedirect(context, "/login");
}
