import { describe, expect, it } from "vitest";
import type { BrandSlug } from "@contract/brands/brands";
import { accountIn, csrfFor } from "../setup/accounts";
import { sessionCookieFrom, testEnv, visit } from "../setup/app";

// Signing in with another provider: a real OpenID Connect provider (oidc-provider, started by vitest.config.ts) on a
// local port, followed redirect by redirect as a browser would.

type Person = { sub: string; email: string; email_verified?: boolean; given_name?: string; family_name?: string };

const issuer = new URL(testEnv.OIDC_ISSUER);

/** Tells the test provider who signs in next. */
async function personSigningIn(person: Person) {
  await fetch(new URL("/test/person", issuer), {
    method: "POST",
    body: JSON.stringify({ email_verified: true, given_name: "Ola", family_name: "Nowak", ...person }),
  });
}

/** Starts a sign-in at the storefront and walks the provider's pages until it sends the visitor back. */
async function throughProvider(callbackUrl = "/en/accounts", brand: BrandSlug = "WPX-ES") {
  const { token, cookie } = await csrfFor(undefined, brand);
  const started = await visit("/api/auth/signin/oidc", {
    brand,
    method: "POST",
    cookie,
    body: new URLSearchParams({ csrfToken: token, callbackUrl }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(started.status).toBe(302);
  const session = sessionCookieFrom(started)!;
  let location = new URL(started.headers.get("location")!);
  expect(location.origin).toBe(issuer.origin);
  const providerCookies = new Map<string, string>();
  for (let hop = 0; hop < 10 && location.origin === issuer.origin; hop++) {
    const response = await fetch(location, {
      redirect: "manual",
      headers: { cookie: [...providerCookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      providerCookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    await response.body?.cancel();
    location = new URL(response.headers.get("location")!, location);
  }
  return { callback: location, session, started: new URL(started.headers.get("location")!) };
}

const back = (callback: URL, cookie: string, brand: BrandSlug = "WPX-ES") =>
  visit(`${callback.pathname}${callback.search}`, { cookie, brand });

async function customerOf(cookie: string, brand: BrandSlug = "WPX-ES") {
  const data = (await (await visit("/api/session", { cookie, brand })).json()) as {
    customer: { id: string; email: string; firstName: string } | null;
  };
  return data.customer;
}

describe("signing in with an OpenID Connect provider", () => {
  it("is listed beside the password, under the configured name", async () => {
    const providers = (await (await visit("/api/auth/providers")).json()) as Record<
      string,
      { name: string; type: string }
    >;
    expect(providers.oidc).toMatchObject({
      name: "Test ID",
      type: "oidc",
      callbackUrl: "http://wpx-es.localhost/api/auth/callback/oidc",
    });
  });

  it("is offered on the sign-in page, coming back through /login to where the visitor was going", async () => {
    const html = await (await visit("/en/login?redirectTo=%2Fen%2Foffers")).text();
    expect(html).toContain("Continue with Test ID");
    expect(html).toContain('action="/api/auth/signin/oidc" method="post"');
    expect(html).toContain('name="callbackUrl" value="/en/login?redirectTo=%2Fen%2Foffers"');
  });

  it("sends the visitor to the provider with PKCE, a state and a nonce", async () => {
    const { token, cookie } = await csrfFor();
    const response = await visit("/api/auth/signin/oidc", {
      method: "POST",
      cookie,
      body: new URLSearchParams({ csrfToken: token }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const url = new URL(response.headers.get("location")!);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "storefront",
      redirect_uri: "http://wpx-es.localhost/api/auth/callback/oidc",
      response_type: "code",
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    expect(url.searchParams.get("state")).toHaveLength(43);
    expect(url.searchParams.get("nonce")).toHaveLength(43);
  });

  it("creates an account for a new person, signs it in and goes where the visitor was going", async () => {
    const email = `oidc.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await personSigningIn({ sub: crypto.randomUUID(), email: email.toUpperCase() });
    const { callback, session } = await throughProvider("/en/cart", "WPX-PL");
    expect(callback.href).toMatch(/^http:\/\/wpx-pl\.localhost\/api\/auth\/callback\/oidc\?code=/);
    const response = await back(callback, session, "WPX-PL");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/en/cart");
    const signedIn = sessionCookieFrom(response)!;
    expect(signedIn).not.toBe(session);
    expect(await customerOf(signedIn, "WPX-PL")).toMatchObject({ email, firstName: "Ola" });
  });

  it("signs in the account that already has the provider's verified e-mail, and the same account next time", async () => {
    const account = await accountIn();
    const subject = crypto.randomUUID();
    await personSigningIn({ sub: subject, email: account.email });
    const first = await throughProvider();
    const firstCustomer = await customerOf(sessionCookieFrom(await back(first.callback, first.session))!);
    expect(firstCustomer?.id).toBe(account.id);
    // The identity is linked: a changed e-mail at the provider still signs in the same account.
    await personSigningIn({ sub: subject, email: `changed.${account.email}` });
    const second = await throughProvider();
    expect((await customerOf(sessionCookieFrom(await back(second.callback, second.session))!))?.id).toBe(account.id);
  });

  it("refuses an e-mail the provider has not verified", async () => {
    await personSigningIn({
      sub: crypto.randomUUID(),
      email: `unverified.${crypto.randomUUID().slice(0, 8)}@example.com`,
      email_verified: false,
    });
    const { callback, session } = await throughProvider();
    const response = await back(callback, session);
    expect(response.headers.get("location")).toBe("/login?error=OAuthCallbackError");
    expect(await customerOf(session)).toBeNull();
  });

  it("refuses an answer meant for another visitor's sign-in, a changed state, and a code used twice", async () => {
    await personSigningIn({ sub: crypto.randomUUID(), email: `twice.${crypto.randomUUID().slice(0, 8)}@example.com` });
    const mine = await throughProvider();
    const theirs = await throughProvider();
    // Their code in my browser: the state is not the one my session sent.
    const crossed = await back(theirs.callback, mine.session);
    expect(crossed.headers.get("location")).toBe("/login?error=OAuthCallbackError");
    expect(await customerOf(mine.session)).toBeNull();
    // A changed state in their own browser.
    const forged = new URL(theirs.callback);
    forged.searchParams.set("state", "x".repeat(43));
    expect((await back(forged, theirs.session)).headers.get("location")).toBe("/login?error=OAuthCallbackError");
    // The pending sign-in is spent by any answer: the genuine one after it is refused too, and so is a replay.
    expect((await back(theirs.callback, theirs.session)).headers.get("location")).toBe(
      "/login?error=OAuthCallbackError",
    );
  });

  it("refuses a callback without a sign-in started in this session", async () => {
    const response = await visit("/api/auth/callback/oidc?code=abc&state=def");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?error=OAuthCallbackError");
  });

  it("refuses a code replayed after a successful sign-in", async () => {
    await personSigningIn({ sub: crypto.randomUUID(), email: `replay.${crypto.randomUUID().slice(0, 8)}@example.com` });
    const { callback, session } = await throughProvider();
    const first = await back(callback, session);
    expect(first.headers.get("location")).toBe("/en/accounts");
    const replay = await back(callback, sessionCookieFrom(first)!);
    expect(replay.headers.get("location")).toBe("/login?error=OAuthCallbackError");
  });
});
