import { describe, expect, it } from "vitest";
import en from "@locales/en/auth.json";
import es from "@locales/es/auth.json";
import { accountIn, csrfFor, signedInAs } from "../setup/accounts";
import { EXTERNAL_REDIRECT_WAIT_MS } from "~/lib/client-state/timing";
import { BRANDS, sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { offeredProviders } from "~/lib/auth/providers.server";
import { parseConfig } from "~/lib/request/context/config.server";
import { sessionWithCart } from "../setup/cart";
import { marketerIn } from "../setup/marketing-dashboard";

// The sign-in protocol under /api/auth (Auth.js's REST shapes, decision 0015), on the storefront's own session.

const form = (fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) => ({
  method: "POST",
  cookie,
  body: new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
});

async function sessionOf(cookie: string) {
  const response = await visit("/api/auth/session", { cookie });
  return (await response.json()) as { user: { name: string; email: string; image: null }; expires: string } | null;
}

/** The KV session a cookie names (the sealed id's data), through the app's own session endpoint. */
async function storedSessionIds() {
  return new Set((await testEnv.SESSIONS.list({ prefix: "session:" })).keys.map((key) => key.name));
}

describe("GET /api/auth/providers, /csrf and /session", () => {
  it("lists the credentials provider with its sign-in and callback URLs", async () => {
    const response = await visit("/api/auth/providers");
    expect(await response.json()).toMatchObject({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: "http://wpx-es.localhost/api/auth/signin/credentials",
        callbackUrl: "http://wpx-es.localhost/api/auth/callback/credentials",
      },
    });
  });

  it("gives a visitor one CSRF token in a signed, HttpOnly cookie, and a new one for a forged cookie", async () => {
    const first = await visit("/api/auth/csrf");
    const { csrfToken } = (await first.json()) as { csrfToken: string };
    const cookie = first.headers.getSetCookie()[0]!;
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).toMatch(
      new RegExp(`^authjs\\.csrf-token=${csrfToken}%7C[0-9a-f]{64}; Path=/; HttpOnly; SameSite=Lax$`),
    );
    const again = await visit("/api/auth/csrf", { cookie: cookie.split(";")[0] });
    expect(await again.json()).toEqual({ csrfToken });
    expect(again.headers.getSetCookie()).toEqual([]);
    const forged = await visit("/api/auth/csrf", { cookie: `authjs.csrf-token=${csrfToken}%7C${"0".repeat(64)}` });
    expect(((await forged.json()) as { csrfToken: string }).csrfToken).not.toBe(csrfToken);
  });

  it("shows no session to a guest, and the customer's name, e-mail and expiry once signed in", async () => {
    expect(await sessionOf((await sessionCookie()).cookie)).toBeNull();
    const account = await accountIn();
    const { token, cookie } = await csrfFor();
    const signedIn = await visit(
      "/api/auth/callback/credentials",
      form({ csrfToken: token, email: account.email, password: account.password }, cookie),
    );
    const session = await sessionOf(sessionCookieFrom(signedIn)!);
    expect(session?.user).toEqual({ name: "Eva Moreno", email: account.email, image: null });
    expect(Date.parse(session!.expires)).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });
});

describe("POST /api/auth/callback/credentials", () => {
  it("signs in and goes to the callback URL, under a new session id (no fixation)", async () => {
    const account = await accountIn();
    const planted = await sessionCookie({ screenWidth: 1234, screenHeight: 800, screenDevicePixelRatio: 2 });
    const { token, cookie } = await csrfFor(planted.cookie);
    const response = await visit(
      "/api/auth/callback/credentials",
      form(
        {
          csrfToken: token,
          email: account.email.toUpperCase(),
          password: account.password,
          callbackUrl: "/offers?page=2",
        },
        cookie,
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/offers?page=2");
    const rotated = sessionCookieFrom(response)!;
    expect(rotated).not.toBe(planted.cookie);
    // The planted id names nothing any more; the new session kept the visitor's own choices.
    expect((await storedSessionIds()).has(`session:${planted.id}`)).toBe(false);
    expect(await sessionOf(planted.cookie)).toBeNull();
    const data = (await (await visit("/api/session", { cookie: rotated })).json()) as {
      customer: { id: string };
      screenWidth: number;
    };
    expect(data).toMatchObject({ customer: { id: account.id }, screenWidth: 1234 });
  });

  it("answers json=true with { url }", async () => {
    const account = await accountIn();
    const { token, cookie } = await csrfFor();
    const response = await visit(
      "/api/auth/callback/credentials",
      form(
        {
          csrfToken: token,
          email: account.email,
          password: account.password,
          callbackUrl: "http://wpx-es.localhost/cart",
          json: "true",
        },
        cookie,
      ),
    );
    expect(await response.json()).toEqual({ url: "http://wpx-es.localhost/cart" });
  });

  it("sends a wrong password back to /login with Auth.js's error, without a session", async () => {
    const account = await accountIn();
    const { token, cookie } = await csrfFor();
    const response = await visit(
      "/api/auth/callback/credentials",
      form({ csrfToken: token, email: account.email, password: "Wrong-horse-8" }, cookie),
    );
    expect(response.headers.get("location")).toBe("/login?error=CredentialsSignin&code=credentials");
    expect(sessionCookieFrom(response)).toBeNull();
    const json = await visit(
      "/api/auth/callback/credentials",
      form({ csrfToken: token, email: "nobody@example.com", password: "x", json: "true" }, cookie),
    );
    expect(await json.json()).toEqual({
      url: "http://wpx-es.localhost/login?error=CredentialsSignin&code=credentials",
    });
  });

  it("refuses a missing CSRF token, and one from another visitor's cookie", async () => {
    const account = await accountIn();
    const fields = { email: account.email, password: account.password };
    const missing = await visit("/api/auth/callback/credentials", form(fields, (await csrfFor()).cookie));
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ error: "MissingCSRF" });
    const mine = await csrfFor();
    const theirs = await csrfFor();
    const crossed = await visit(
      "/api/auth/callback/credentials",
      form({ ...fields, csrfToken: theirs.token }, mine.cookie),
    );
    expect(crossed.status).toBe(403);
    expect(sessionCookieFrom(crossed)).toBeNull();
  });

  it("refuses a callback URL of another origin: no open redirect", async () => {
    const account = await accountIn();
    const { token, cookie } = await csrfFor();
    for (const callbackUrl of [
      "https://evil.example/phish",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      const response = await visit(
        "/api/auth/callback/credentials",
        form({ csrfToken: token, email: account.email, password: account.password, callbackUrl }, cookie),
      );
      expect(response.status, callbackUrl).toBe(400);
      expect(await response.json()).toEqual({
        error: "InvalidCallbackUrl",
        message: "External URL navigation refused",
      });
    }
  });

  it("moves the guest cart into the account", async () => {
    const account = await accountIn();
    const guest = await sessionWithCart();
    const { token, cookie } = await csrfFor(guest.cookie);
    const response = await visit(
      "/api/auth/callback/credentials",
      form({ csrfToken: token, email: account.email, password: account.password, callbackUrl: "/cart" }, cookie),
    );
    const html = await (await visit("/cart", { cookie: sessionCookieFrom(response)! })).text();
    expect(/data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1]).toBe("1");
    const owner = await testEnv.STORE_DB.prepare("SELECT customer_id AS customerId FROM carts WHERE customer_id = ?")
      .bind(account.id)
      .first();
    expect(owner).toEqual({ customerId: account.id });
  });
});

describe("POST /api/auth/signin/{provider}", () => {
  it("answers an unknown provider with InvalidProvider, 400", async () => {
    const { token, cookie } = await csrfFor();
    const response = await visit("/api/auth/signin/myspace", form({ csrfToken: token }, cookie));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "InvalidProvider", message: "Unknown provider myspace" });
  });

  it("sends credentials to the sign-in page, /login, with where to go after", async () => {
    const { token, cookie } = await csrfFor();
    const response = await visit(
      "/api/auth/signin/credentials",
      form({ csrfToken: token, callbackUrl: "/cart" }, cookie),
    );
    expect(response.headers.get("location")).toBe("/login?callbackUrl=%2Fcart");
  });
});

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

describe("POST /api/auth/signout", () => {
  it("without a CSRF token answers 400 'Could not fetch CSRF Token for signing out' and signs nobody out", async () => {
    const account = await accountIn();
    const { token, cookie } = await csrfFor();
    const signedIn = sessionCookieFrom(
      await visit(
        "/api/auth/callback/credentials",
        form({ csrfToken: token, email: account.email, password: account.password }, cookie),
      ),
    )!;
    const response = await visit("/api/auth/signout", form({}, signedIn));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "MissingCSRF",
      message: "Could not fetch CSRF Token for signing out",
    });
    expect(await sessionOf(signedIn)).not.toBeNull();
  });

  it("signs out under a new session id, leaving nothing of the account (its cart, its orders)", async () => {
    const account = await accountIn();
    const guest = await sessionWithCart();
    const first = await csrfFor(guest.cookie);
    const signedIn = sessionCookieFrom(
      await visit(
        "/api/auth/callback/credentials",
        form({ csrfToken: first.token, email: account.email, password: account.password }, first.cookie),
      ),
    )!;
    const { token, cookie } = await csrfFor(signedIn);
    const response = await visit(
      "/api/auth/signout",
      form({ csrfToken: token, callbackUrl: "/", json: "true" }, cookie),
    );
    expect(await response.json()).toEqual({ url: "http://wpx-es.localhost/" });
    const after = sessionCookieFrom(response)!;
    expect(after).not.toBe(signedIn);
    expect(await sessionOf(after)).toBeNull();
    expect(await sessionOf(signedIn)).toBeNull();
    const html = await (await visit("/cart", { cookie: after })).text();
    expect(html).toContain('data-testid="cart-empty"');
  });
});

describe("rate limits", () => {
  it("stop the sixth attempt a minute on one e-mail, with a translated message and Retry-After", async () => {
    const account = await accountIn();
    const { token, cookie } = await csrfFor();
    const attempt = () =>
      visit(
        "/api/auth/callback/credentials",
        form({ csrfToken: token, email: account.email, password: "Wrong-horse-8" }, cookie),
      );
    // Five a minute: the sixth is refused (or, when a new minute begins meanwhile, the next five are counted again).
    let limited = await attempt();
    for (let tries = 1; limited.status !== 429 && tries <= 10; tries++) limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(await limited.json()).toEqual({ error: "RateLimited", message: es.auth.errors.rateLimited });
    // The right password does not get through either until the minute is over.
    expect(
      (
        await visit(
          "/api/auth/callback/credentials",
          form({ csrfToken: token, email: account.email, password: account.password }, cookie),
        )
      ).status,
    ).toBe(429);
  });

  it("stop an address that tries many e-mails", async () => {
    const { token, cookie } = await csrfFor();
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const statuses: number[] = [];
    for (let index = 0; index < 61 && !statuses.includes(429); index++) {
      const response = await visit(
        "/api/auth/callback/credentials",
        form({ csrfToken: token, email: `guess${index}@example.com`, password: "x" }, cookie, {
          "cf-connecting-ip": address,
        }),
      );
      statuses.push(response.status);
    }
    // Thirty a minute (sixty when a new minute begins meanwhile), each with another e-mail.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(30);
  });
});

describe("the /login page", () => {
  const post = (fields: Record<string, string>, cookie?: string, path = "/login") => visit(path, form(fields, cookie));

  it("signs in and goes to the account, or back where the visitor was, or to checkout with a cart", async () => {
    const account = await accountIn();
    const home = await post({ intent: "signin", email: account.email, password: account.password });
    expect(home.status).toBe(303);
    expect(home.headers.get("location")).toBe("/accounts/home");
    const back = await post({
      intent: "signin",
      email: account.email,
      password: account.password,
      redirectTo: "/accounts/orders",
    });
    expect(back.headers.get("location")).toBe("/accounts/orders");
    const english = await post(
      { intent: "signin", email: account.email, password: account.password, redirectTo: "//evil.example" },
      undefined,
      "/en/login",
    );
    expect(english.headers.get("location")).toBe("/en");
    // The guest cart joins the account's, and a shopper with a cart goes on to checkout.
    const withCart = await post(
      { intent: "signin", email: account.email, password: account.password, redirectTo: "/accounts/orders" },
      (await sessionWithCart()).cookie,
    );
    expect(withCart.headers.get("location")).toBe("/checkout");
  });

  it("sends the shop's marketer to the marketing dashboard, unless it came from elsewhere", async () => {
    const { account } = await marketerIn();
    const signedIn = await post(
      { intent: "signin", email: account.email, password: account.password },
      undefined,
      "/en/login",
    );
    expect(signedIn.headers.get("location")).toBe("/en/marketing");
    const back = await post({
      intent: "signin",
      email: account.email,
      password: account.password,
      redirectTo: "/accounts/profile",
    });
    expect(back.headers.get("location")).toBe("/accounts/profile");
    // Already signed in, /login leads there too.
    expect((await visit("/login", { cookie: sessionCookieFrom(signedIn)! })).headers.get("location")).toBe(
      "/marketing",
    );
  });

  it("refuses a wrong password in the page's language, without sending the password back", async () => {
    const account = await accountIn();
    const response = await post(
      { intent: "signin", email: account.email, password: "Secret-wrong-99" },
      undefined,
      "/en/login",
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(en.auth.errors.credentials);
    expect(html).not.toContain("Secret-wrong-99");
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it("creates an account, signs it in, and refuses what a real shop refuses, field by field", async () => {
    const email = `new.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const fields = {
      intent: "signup",
      first_name: "Lucía",
      last_name: "Pérez",
      email,
      password: "Correct-horse-7",
      customer_type: "PERSON",
      consent: "on",
    };
    const refused = await post({ ...fields, password: "aaaaaaaaaa1", consent: "", first_name: "" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    for (const message of [es.auth.errors.weakPassword, es.auth.errors.consent, es.auth.errors.required])
      expect(html).toContain(message);
    expect(html).not.toContain("aaaaaaaaaa1");
    const company = await post({ ...fields, customer_type: "COMPANY", company_name: "", tax_id: "B65410012" });
    const companyHtml = await company.text();
    expect(companyHtml).toContain(es.auth.errors.taxId);
    expect(companyHtml).toContain('id="signup-company_name-error"');
    const created = await post(fields);
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/accounts/home");
    expect((await sessionOf(sessionCookieFrom(created)!))?.user.email).toBe(email);
    const twice = await post(fields);
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain(es.auth.errors.emailTaken);
  });

  it("shows Auth.js's errors sent back to it", async () => {
    const html = await (await visit("/en/login?error=CredentialsSignin")).text();
    expect(html).toContain('data-testid="login-notice"');
    expect(html).toContain(en.auth.errors.credentials);
  });
});
