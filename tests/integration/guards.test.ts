import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { brandBySlug } from "@contract/brands/brands";
import { brandContext, localeContext, sessionContext } from "~/lib/request/context/keys";
import { allowLoginOrGuestCheckout } from "~/lib/guards/checkout.server";
import { safeReturnPath } from "~/lib/guards/redirect.server";
import { redirectNotProductBrand } from "~/lib/guards/rendering.server";
import type { Account } from "@contract/api/accounts";
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

  // Every page of the accounts area against every kind of signed-in account: 200, or sent home. (A guest goes to
  // login.)
  const PERSONAS = ["customer", "master", "staff-orders", "staff-tickets", "staff-invoices", "staff-none"] as const;
  type Persona = (typeof PERSONAS)[number];
  const ALL: Persona[] = [...PERSONAS];
  // Who may open each page, and why the others are sent home (the home says it).
  const owners = (persona: Persona) => (persona === "customer" ? "companyOnly" : "ownerOnly");
  const MATRIX: [path: string, allowed: Persona[], refusal?: (persona: Persona) => string][] = [
    ["/accounts/home", ALL],
    ["/accounts/profile", ALL],
    ["/accounts/designs", ALL],
    ["/accounts/orders", ["customer", "master", "staff-orders"], () => "orders"],
    ["/accounts/tickets", ["customer", "master", "staff-tickets"], () => "tickets"],
    // The spec: the invoices list needs the master kind and the invoices permission; a customer's are on its orders.
    [
      "/accounts/invoices",
      ["master", "staff-invoices"],
      (persona) => (persona === "customer" ? "invoicesOnOrders" : "invoices"),
    ],
    // The company's own pages are its master's, not its staff's.
    ["/accounts/config", ["master"], owners],
    ["/accounts/commissions", ["master"], owners],
    ["/accounts/commissions.csv", ["master"], owners],
    ["/accounts/designs/admin", ["master"], owners],
  ];

  it("opens each accounts page to exactly the accounts allowed, and sends the others home", async () => {
    const master = await masterIn();
    const accounts: Record<Persona, Account> = {
      customer: await accountIn(),
      master,
      "staff-orders": await staffOf(master, ["orders"]),
      "staff-tickets": await staffOf(master, ["tickets"]),
      "staff-invoices": await staffOf(master, ["invoices"]),
      "staff-none": await staffOf(master, []),
    };
    const cookies = Object.fromEntries(
      await Promise.all(PERSONAS.map(async (persona) => [persona, await signedInAs(accounts[persona])] as const)),
    );
    const problems: string[] = [];
    for (const [path, allowed, refusal] of MATRIX) {
      for (const persona of PERSONAS) {
        const response = await visit(path, { cookie: cookies[persona] });
        const got = response.status === 200 ? "200" : `${response.status} ${response.headers.get("location")}`;
        const want = allowed.includes(persona) ? "200" : `302 /accounts/home?refused=${refusal?.(persona)}`;
        if (got !== want) problems.push(`${persona} ${path}: ${got}, expected ${want}`);
        if (path === "/accounts/home" && response.status === 200) {
          // The navigation offers exactly the pages the account may open.
          const nav = /data-testid="accounts-nav".*?<\/nav>/s.exec(await response.text())?.[0] ?? "";
          const offered = [...nav.matchAll(/href="([^"]+)"/g)].map((match) => match[1]).sort();
          const opens = MATRIX.filter(([page, who]) => who.includes(persona) && !page.endsWith(".csv"))
            .map(([page]) => page)
            .sort();
          if (offered.join() !== opens.join())
            problems.push(`${persona}'s navigation offers ${offered.join(", ")}; it may open ${opens.join(", ")}`);
        }
        await response.body?.cancel().catch(() => undefined);
      }
      const guest = await visit(path);
      if (guest.headers.get("location") !== `/login?redirectTo=${encodeURIComponent(path)}`)
        problems.push(`guest ${path}: ${guest.status} ${guest.headers.get("location")}`);
    }
    expect(problems).toEqual([]);
    expect(await redirectOf("/accounts", { cookie: cookies.customer })).toBe("/accounts/home");
  });

  it("reads the account again on each page: a withdrawn permission counts at once, a suspension signs out", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders", "tickets"]);
    const cookie = await signedInAs(staff);
    expect((await visit("/accounts/orders", { cookie })).status).toBe(200);
    await testEnv.STORE_DB.prepare(`UPDATE accounts SET permissions = '["tickets"]' WHERE id = ?`).bind(staff.id).run();
    expect(await redirectOf("/accounts/orders", { cookie })).toBe("/accounts/home?refused=orders");
    await testEnv.STORE_DB.prepare("UPDATE accounts SET status = 'SUSPENDED' WHERE id = ?").bind(staff.id).run();
    const refused = await visit("/accounts/tickets", { cookie });
    expect(refused.headers.get("location")).toBe("/login?error=SessionRequired");
    const after = sessionCookieFrom(refused)!;
    expect(
      ((await (await visit("/api/session", { cookie: after })).json()) as { customer: unknown }).customer,
    ).toBeNull();
  });

  it("checks the account with the page's own read on the home and orders pages: a suspension signs out there too", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders"]);
    for (const path of ["/accounts/home", "/accounts/orders", "/en/accounts/orders.data"]) {
      const cookie = await signedInAs(staff);
      expect((await visit(path, { cookie })).status, path).toBe(200);
      await testEnv.STORE_DB.prepare("UPDATE accounts SET status = 'SUSPENDED' WHERE id = ?").bind(staff.id).run();
      const refused = await visit(path, { cookie });
      expect(refused.status === 302 ? refused.headers.get("location") : await refused.text(), path).toContain(
        "/login?error=SessionRequired",
      );
      expect(
        ((await (await visit("/api/session", { cookie: sessionCookieFrom(refused)! })).json()) as { customer: unknown })
          .customer,
        path,
      ).toBeNull();
      await testEnv.STORE_DB.prepare("UPDATE accounts SET status = 'ACTIVE' WHERE id = ?").bind(staff.id).run();
    }
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
    expect(await redirectOf("/checkout?step=3", { cookie: await loggedIn({}, { withCart: true }) })).toBe(
      "/checkout?step=1",
    );
  });
  it("stops a customer who may not order", async () => {
    const cookie = await loggedIn({ canMakeOrders: false }, { withCart: true });
    expect(await redirectOf("/checkout", { cookie })).toBe("/cart?blocked=1");
  });
  it("says whether a guest or a customer is buying", async () => {
    const context = new RouterContextProvider();
    const session = { data: { customer: null } };
    context.set(sessionContext, session as never);
    expect(allowLoginOrGuestCheckout({ request: new Request("http://x/checkout"), context })).toEqual({
      mode: "guest",
    });
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
