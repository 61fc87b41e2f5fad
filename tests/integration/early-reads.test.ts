import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import * as masterAccounts from "~/layouts/master-accounts";
import { ordersRead } from "~/lib/account-orders/api.server";
import { overviewRead } from "~/lib/accounts/api.server";
import { isAccountPageRead } from "~/lib/accounts/page-read.server";
import { earlyReadsByPattern } from "~/lib/speed/early-reads.server";
import * as home from "~/routes/accounts/home";
import * as orders from "~/routes/accounts/orders";
import * as profile from "~/routes/accounts/profile";

// The early reads a page's route declares (docs/decisions/0043), found as workers/app.ts finds them in the build: by
// the pattern React Router hands every middleware, for a page with and without its locale prefix. The accounts
// layout's account check takes a declared account read as its own (docs/decisions/0030): no guard names a page.

/** The accounts pages as the build lists them (routes.ts's page(): each path twice, with and without `:lang/`). */
function accountsRoutes(pages: Record<string, { path: string; module: object }>): ServerBuild["routes"] {
  const routes: Record<string, unknown> = {
    root: { id: "root", path: "", module: {} },
    "layouts/master-accounts": { id: "layouts/master-accounts", parentId: "root", module: masterAccounts },
  };
  for (const [id, { path, module }] of Object.entries(pages)) {
    routes[id] = { id, parentId: "layouts/master-accounts", path, module };
    routes[`${id}.lang`] = { id: `${id}.lang`, parentId: "layouts/master-accounts", path: `:lang/${path}`, module };
  }
  return routes as ServerBuild["routes"];
}

describe("the early reads the routes declare", () => {
  const reads = earlyReadsByPattern(
    accountsRoutes({
      "accounts-home": { path: "accounts/home", module: home },
      "accounts-orders": { path: "accounts/orders", module: orders },
      "accounts-profile": { path: "accounts/profile", module: profile },
    }),
  );

  it("are the account home's overview and the orders list, each with the account, under either path", () => {
    expect(reads.get("accounts/home")).toBe(overviewRead);
    expect(reads.get(":lang/accounts/home")).toBe(overviewRead);
    expect(reads.get("accounts/orders")).toBe(ordersRead);
    expect(reads.get(":lang/accounts/orders")).toBe(ordersRead);
    expect(isAccountPageRead(overviewRead) && isAccountPageRead(ordersRead)).toBe(true);
  });

  it("are none for a page that declares none: it makes the separate account check", () => {
    expect(reads.has("accounts/profile")).toBe(false);
    expect(reads.has(":lang/accounts/profile")).toBe(false);
    expect([...reads.keys()].sort()).toEqual([
      ":lang/accounts/home",
      ":lang/accounts/orders",
      "accounts/home",
      "accounts/orders",
    ]);
  });
});
