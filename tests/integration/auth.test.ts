import { describe, expect, it } from "vitest";
import { accountIn, csrfFor } from "../setup/accounts";
import { sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { sessionWithCart } from "../setup/cart";
import { form, sessionOf, storedSessionIds } from "./auth-requests";

// The sign-in protocol under /api/auth (Auth.js's REST shapes, decision 0015), on the storefront's own session.

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
