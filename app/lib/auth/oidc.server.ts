import * as oauth from "oauth4webapi";
import { isolateMemory } from "@contract/memory/isolate-memories";
import type { AppConfig } from "~/lib/request/context/config.server";

/**
 * Signing in with an OpenID Connect provider (Google, Apple...): the authorization code flow with PKCE, a state and a
 * nonce, through oauth4webapi (the library Auth.js uses for the same). The provider vouches for the e-mail.
 */
export type OidcSettings = NonNullable<AppConfig["oidc"]>;
export type PendingSignIn = { state: string; codeVerifier: string; nonce: string };
export type Identity = { subject: string; email: string; firstName: string; lastName: string };

/** One per issuer the configuration names (one). */
const discovered = isolateMemory<string, Promise<oauth.AuthorizationServer>>({
  name: "OpenID Connect providers' metadata",
  maxEntries: 4,
  ttl: "the isolate's life (again after a failure)",
});

/** The provider's metadata, fetched once per isolate (again after a failure). */
function authorizationServer(settings: OidcSettings) {
  const key = settings.issuer.href;
  let server = discovered.get(key);
  if (!server) {
    server = oauth
      .discoveryRequest(settings.issuer, { algorithm: "oidc", [oauth.allowInsecureRequests]: settings.allowHttp })
      .then((response) => oauth.processDiscoveryResponse(settings.issuer, response));
    void server.catch(() => discovered.delete(key));
    server = discovered.keep(key, server);
  }
  return server;
}

/** Where to send the visitor to sign in, and what the callback must match. */
export async function startSignIn(
  settings: OidcSettings,
  redirectUri: string,
): Promise<{ url: URL; pending: PendingSignIn }> {
  const server = await authorizationServer(settings);
  if (!server.authorization_endpoint) throw new Error(`${settings.issuer} has no authorization endpoint`);
  const pending = {
    state: oauth.generateRandomState(),
    codeVerifier: oauth.generateRandomCodeVerifier(),
    nonce: oauth.generateRandomNonce(),
  };
  const url = new URL(server.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email profile",
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: "S256",
  }).toString();
  return { url, pending };
}

/**
 * The person the provider sent back: the state must be the one we sent, the code is exchanged with our PKCE verifier,
 * and the ID token must carry our nonce and a verified e-mail. Anything else throws.
 */
export async function finishSignIn(
  settings: OidcSettings,
  redirectUri: string,
  callback: URL,
  pending: PendingSignIn,
): Promise<Identity> {
  const server = await authorizationServer(settings);
  const client: oauth.Client = { client_id: settings.clientId };
  const insecure = { [oauth.allowInsecureRequests]: settings.allowHttp };
  const parameters = oauth.validateAuthResponse(server, client, callback, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    server,
    client,
    oauth.ClientSecretPost(settings.clientSecret),
    parameters,
    redirectUri,
    pending.codeVerifier,
    insecure,
  );
  const result = await oauth.processAuthorizationCodeResponse(server, client, response, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
  });
  const claims = oauth.getValidatedIdTokenClaims(result)!;
  if (typeof claims.email !== "string" || claims.email_verified !== true)
    throw new Error("The provider did not vouch for an e-mail");
  return {
    subject: claims.sub,
    email: claims.email.toLowerCase(),
    firstName: typeof claims.given_name === "string" ? claims.given_name : "",
    lastName: typeof claims.family_name === "string" ? claims.family_name : "",
  };
}
