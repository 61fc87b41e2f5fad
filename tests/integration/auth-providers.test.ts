import { describe, expect, it } from "vitest";
import en from "@locales/en/auth.json";
import { accountIn, csrfFor, signedInAs } from "../setup/accounts";
import { EXTERNAL_REDIRECT_WAIT_MS } from "~/lib/client-state/timing";
import { BRANDS, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { offeredProviders } from "~/lib/auth/providers.server";
import { parseConfig } from "~/lib/request/context/config.server";
import { form } from "./auth-requests";

// The sign-in protocol under /api/auth (Auth.js's REST shapes, decision 0015), on the storefront's own session.

describe("the ways of signing in, per brand and environment", () => {
  const oidc = {
    id: "oidc",
    name: "Test ID",
    issuer: new URL("https://id.example"),
    clientId: "c",
    clientSecret: "s",
    allowHttp: false,
  };

  it("are those of the brand's own that the environment offers, the OpenID Connect provider only when configured", () => {
    const both = ["credentials", "oidc"] as const;
    expect(
      offeredProviders({ signInProviders: [...both] }, { authProviders: [...both], oidc }).map(
        (provider) => provider.id,
      ),
    ).toEqual(["credentials", "oidc"]);
    expect(
      offeredProviders({ signInProviders: ["oidc"] }, { authProviders: [...both], oidc }).map(
        (provider) => provider.type,
      ),
    ).toEqual(["oidc"]);
    expect(
      offeredProviders({ signInProviders: [...both] }, { authProviders: ["credentials"], oidc }).map(
        (provider) => provider.type,
      ),
    ).toEqual(["credentials"]);
    expect(
      offeredProviders({ signInProviders: [...both] }, { authProviders: [...both], oidc: null }).map(
        (provider) => provider.type,
      ),
    ).toEqual(["credentials"]);
    expect(offeredProviders({ signInProviders: [] }, { authProviders: [...both], oidc })).toEqual([]);
    for (const brand of BRANDS) expect(brand.signInProviders, brand.slug).toEqual(["credentials", "oidc"]);
  });

  it("come from AUTH_PROVIDERS, where an unknown one stops start-up", () => {
    const vars = { PAYMENT_WEBHOOK_SECRET: "a-local-webhook-secret-of-32-chars!" };
    expect(parseConfig({ ...vars, AUTH_PROVIDERS: "credentials, oidc" }).authProviders).toEqual([
      "credentials",
      "oidc",
    ]);
    expect(parseConfig({ ...vars, AUTH_PROVIDERS: "" }).authProviders).toEqual([]);
    expect(parseConfig(vars).authProviders).toEqual(["credentials", "oidc"]);
    expect(() => parseConfig({ ...vars, AUTH_PROVIDERS: "credentials,myspace" })).toThrow();
  });

  it("where none is offered, sign-in answers InvalidProvider with 500, and /login says so", async () => {
    const worker = testEnv.STOREFRONT_NO_SIGN_IN;
    expect(await (await visit("/api/auth/providers", { worker })).json()).toEqual({});
    const { token, cookie } = await csrfFor();
    for (const action of ["signin/credentials", "callback/credentials", "signin/oidc"]) {
      const response = await visit(`/api/auth/${action}`, {
        worker,
        ...form({ csrfToken: token, email: "ana@example.com", password: "x" }, cookie),
      });
      expect(response.status, action).toBe(500);
      expect(await response.json()).toEqual({ error: "InvalidProvider", message: "No sign-in providers loaded" });
    }
    expect((await visit("/api/auth/callback/oidc?code=x&state=y", { worker })).status).toBe(500);

    const login = await visit("/en/login", { worker });
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).toContain('data-testid="signin-unavailable"');
    expect(html).toContain(en.auth.unavailable);
    expect(html).not.toContain('name="password"');
    expect(html).not.toContain("/api/auth/signin/");
    // A page from before: its password post signs nobody in.
    const account = await accountIn();
    const posted = await visit("/login", {
      worker,
      ...form({ intent: "signin", email: account.email, password: account.password }),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/login");
    expect(sessionCookieFrom(posted)).toBeNull();
    expect((await visit("/login/password-reset", { worker })).headers.get("location")).toBe("/login");
  });

  it("where both are offered, /login shows the password and the other provider", async () => {
    const html = await (await visit("/login")).text();
    expect(html).toContain('name="password"');
    expect(html).toContain('action="/api/auth/signin/oidc"');
    expect(html).not.toContain('data-testid="signin-unavailable"');
  });
});

describe("the client's auth status (SPEC 4) and the hand-off to another provider", () => {
  const accountLink = (html: string) => /<a[^>]*data-testid="account-link"[^>]*>/.exec(html)?.[0] ?? "";

  it("is 'loading' in the page the server sends (until hydrated), the links going where the session says", async () => {
    const guest = accountLink(await (await visit("/en/offers")).text());
    expect(guest).toContain('data-auth-status="loading"');
    expect(guest).toContain('aria-busy="true"');
    expect(guest).toContain('href="/en/login"');
    const account = await accountIn();
    const signedIn = await (await visit("/offers", { cookie: await signedInAs(account) })).text();
    expect(accountLink(signedIn)).toContain('href="/accounts/home"');
    expect(signedIn).toMatch(/<a[^>]*data-auth-status="loading"[^>]*href="\/accounts\/home"[^>]*>Mi cuenta<\/a>/);
  });

  it("hands off to the other provider with a plain form that works without JavaScript, its page waiting at most 60 s", async () => {
    const html = await (await visit("/en/login")).text();
    const form = /<form[^>]*action="\/api\/auth\/signin\/oidc"[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('data-hand-off="idle"');
    expect(html).not.toContain('data-testid="provider-leaving"');
    expect(EXTERNAL_REDIRECT_WAIT_MS).toBe(60_000);
  });
});
