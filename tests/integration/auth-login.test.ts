import { describe, expect, it } from "vitest";
import en from "@locales/en/auth.json";
import es from "@locales/es/auth.json";
import { accountIn, csrfFor } from "../setup/accounts";
import { sessionCookieFrom, visit } from "../setup/app";
import { sessionWithCart } from "../setup/cart";
import { marketerIn } from "../setup/marketing-dashboard";
import { form, sessionOf } from "./auth-requests";

// The sign-in protocol under /api/auth (Auth.js's REST shapes, decision 0015), on the storefront's own session.

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
