import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { brandBySlug } from "@contract/brands/brands";
import { brandContext, localeContext, sessionContext } from "~/lib/request/context";
import { allowLoginOrGuestCheckout } from "~/lib/guards/checkout.server";
import { safeReturnPath } from "~/lib/guards/redirect.server";
import { redirectNotProductBrand } from "~/lib/guards/rendering.server";
import { accountIn, masterIn, signedInAs, staffOf } from "../setup/accounts";
import { customer, sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { sessionWithCart } from "../setup/cart";

async function redirectOf(path: string, options: Parameters<typeof visit>[1] = {}) {
  const response = await visit(path, options);
  expect(response.status, `${path} should redirect`).toBe(302);
  return response.headers.get("location");
}

async function loggedIn(overrides: Parameters<typeof customer>[0] = {}, { withCart = false } = {}) {
  const data = { customer: customer(overrides) };
  return (await (withCart ? sessionWithCart(data) : sessionCookie(data))).cookie;
}

describe("auth required and guest only", () => {
  it("sends a guest from an account page to login and back", async () => {
    expect(await redirectOf("/accounts/orders")).toBe("/login?redirectTo=%2Faccounts%2Forders");
    expect(await redirectOf("/en/accounts/home", { brand: "WPX-PL" })).toBe("/en/login?redirectTo=%2Faccounts%2Fhome");
    expect(await redirectOf("/accounts")).toBe("/login?redirectTo=%2Faccounts");
  });

  it("lets a customer in", async () => {
    const cookie = await signedInAs(await accountIn());
    for (const path of ["/accounts/home", "/accounts/profile", "/accounts/designs", "/accounts/orders", "/accounts/tickets"]) {
      expect((await visit(path, { cookie })).status, path).toBe(200);
    }
    expect(await redirectOf("/accounts", { cookie })).toBe("/accounts/home");
  });

  it("keeps master-only pages for the master account kind", async () => {
    const shopper = await signedInAs(await accountIn());
    for (const path of ["/accounts/config", "/accounts/commissions", "/accounts/designs/admin", "/accounts/invoices"]) {
      expect(await redirectOf(path, { cookie: shopper }), path).toBe("/accounts/home");
    }
    const master = await masterIn();
    const owner = await signedInAs(master);
    for (const path of ["/accounts/config", "/accounts/commissions", "/accounts/designs/admin", "/accounts/invoices"]) {
      expect((await visit(path, { cookie: owner })).status, path).toBe(200);
    }
    // The master's staff are of its kind, but the company's settings, commissions and designs admin are the master's own.
    const staff = await signedInAs(await staffOf(master, ["orders", "tickets", "invoices"]));
    for (const path of ["/accounts/config", "/accounts/commissions", "/accounts/designs/admin"]) {
      expect(await redirectOf(path, { cookie: staff }), path).toBe("/accounts/home");
    }
  });

  it("checks the orders, tickets and invoices permissions", async () => {
    const master = await masterIn();
    const staff = await signedInAs(await staffOf(master, ["tickets"]));
    expect(await redirectOf("/accounts/orders", { cookie: staff })).toBe("/accounts/home");
    expect(await redirectOf("/accounts/invoices", { cookie: staff })).toBe("/accounts/home");
    expect((await visit("/accounts/tickets", { cookie: staff })).status).toBe(200);
    const noTickets = await signedInAs(await staffOf(master, ["orders"]));
    expect(await redirectOf("/accounts/tickets", { cookie: noTickets })).toBe("/accounts/home");
  });

  it("reads the account again on each page: a withdrawn permission counts at once, a suspension signs out", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders", "tickets"]);
    const cookie = await signedInAs(staff);
    expect((await visit("/accounts/orders", { cookie })).status).toBe(200);
    await testEnv.STORE_DB.prepare(`UPDATE accounts SET permissions = '["tickets"]' WHERE id = ?`).bind(staff.id).run();
    expect(await redirectOf("/accounts/orders", { cookie })).toBe("/accounts/home");
    await testEnv.STORE_DB.prepare("UPDATE accounts SET status = 'SUSPENDED' WHERE id = ?").bind(staff.id).run();
    const refused = await visit("/accounts/tickets", { cookie });
    expect(refused.headers.get("location")).toBe("/login?error=SessionRequired");
    const after = sessionCookieFrom(refused)!;
    expect(((await (await visit("/api/session", { cookie: after })).json()) as { customer: unknown }).customer).toBeNull();
  });

  it("signs out a session whose account no longer exists", async () => {
    const cookie = await loggedIn({ id: "acc_gone" });
    expect(await redirectOf("/accounts/home", { cookie })).toBe("/login?error=SessionRequired");
  });

  it("sends a customer away from password reset (guest only)", async () => {
    expect(await redirectOf("/login/password-reset", { cookie: await loggedIn() })).toBe("/");
    expect(await redirectOf("/en/login/password-reset", { brand: "WPX-IT", cookie: await loggedIn() })).toBe("/en");
  });
});

describe("login redirection by cart", () => {
  it("shows login to a guest", async () => {
    expect((await visit("/login")).status).toBe(200);
  });
  it("sends a customer with an empty cart to the account", async () => {
    expect(await redirectOf("/login", { cookie: await loggedIn() })).toBe("/accounts/home");
  });
  it("sends a customer with a cart to checkout", async () => {
    expect(await redirectOf("/login", { cookie: await loggedIn({}, { withCart: true }) })).toBe("/checkout");
  });
  it("honours a local redirectTo and refuses open redirects", async () => {
    const cookie = await loggedIn();
    expect(await redirectOf("/login?redirectTo=%2Foffers%3Fpage%3D2", { cookie })).toBe("/offers?page=2");
    for (const evil of ["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      expect(await redirectOf(`/login?redirectTo=${encodeURIComponent(evil)}`, { cookie }), evil).toBe("/");
    }
  });
});

describe("visitor redirects", () => {
  it("tracking redirect if logged", async () => {
    expect((await visit("/tracking")).status).toBe(200);
    expect(await redirectOf("/tracking", { cookie: await loggedIn() })).toBe("/accounts/orders");
  });
  it("redirect contact if logged", async () => {
    expect((await visit("/contact")).status).toBe(200);
    expect(await redirectOf("/contact", { cookie: await loggedIn() })).toBe("/accounts/tickets?new=1");
  });
  it("the three first-level shortcuts lead under /accounts, through login for a guest", async () => {
    const cookie = await loggedIn({ kind: "master" });
    for (const name of ["orders", "tickets", "invoices"]) {
      expect(await redirectOf(`/${name}`, { cookie })).toBe(`/accounts/${name}`);
      expect(await redirectOf(`/${name}`)).toBe(`/login?redirectTo=%2Faccounts%2F${name}`);
    }
    expect(await redirectOf("/en/orders", { brand: "WPX-FR", cookie })).toBe("/en/accounts/orders");
  });
});

describe("checkout guards", () => {
  it("redirects an empty cart to the cart page", async () => {
    expect(await redirectOf("/checkout")).toBe("/cart");
    expect(await redirectOf("/en/checkout", { brand: "WPX-PT" })).toBe("/en/cart");
  });
  it("allows a guest with a cart", async () => {
    const { cookie } = await sessionWithCart();
    expect((await visit("/checkout", { cookie })).status).toBe(200);
  });
  it("sends a guest without contact details back to step 1", async () => {
    const { cookie } = await sessionWithCart();
    expect(await redirectOf("/checkout?step=3", { cookie })).toBe("/checkout?step=1");
    // A customer skips nothing either: the first step not saved yet (contact) comes first.
    expect(await redirectOf("/checkout?step=3", { cookie: await loggedIn({}, { withCart: true }) })).toBe("/checkout?step=1");
  });
  it("stops a customer who may not order", async () => {
    const cookie = await loggedIn({ canMakeOrders: false }, { withCart: true });
    expect(await redirectOf("/checkout", { cookie })).toBe("/cart?blocked=1");
  });
  it("says whether a guest or a customer is buying", async () => {
    const context = new RouterContextProvider();
    const session = { data: { customer: null } };
    context.set(sessionContext, session as never);
    expect(allowLoginOrGuestCheckout({ request: new Request("http://x/checkout"), context })).toEqual({ mode: "guest" });
    session.data.customer = customer() as never;
    expect(allowLoginOrGuestCheckout({ request: new Request("http://x/checkout"), context }).mode).toBe("customer");
  });
});

describe("creator guards", () => {
  it("forces server rendering: a client navigation's data request becomes a document reload", async () => {
    const response = await visit("/create/206.data?lang=en&_routes=create");
    expect(response.status).toBe(202);
    expect(response.headers.get("x-remix-reload-document")).toBe("true");
    expect(await response.text()).toContain('"redirect","/create/206?lang=en"');
  });
  it("redirects a brand that sells no products away from product pages", () => {
    const context = new RouterContextProvider();
    const brand = brandBySlug("WPX-ES")!;
    context.set(brandContext, { ...brand, features: { ...brand.features, products: false } });
    context.set(localeContext, "en");
    const request = new Request("http://wpx-es.localhost/en/create/206");
    let thrown: unknown;
    try {
      redirectNotProductBrand({ request, context });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/en");
    context.set(brandContext, brand);
    expect(() => redirectNotProductBrand({ request, context })).not.toThrow();
  });
});

describe("safeReturnPath", () => {
  it.each([
    ["/accounts/orders?x=1#y", "/accounts/orders?x=1#y"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    ["accounts", "/"],
    ["", "/"],
  ])("%j gives %j", (input, output) => expect(safeReturnPath(input)).toBe(output));
});
