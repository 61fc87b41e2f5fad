import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Link as RouterLink, NavLink as RouterNavLink, StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Link, NavLink } from "./link";

// The server writes a link to one of the site's paths itself; the browser hydrates that markup with React Router's
// link, so the two must write the same HTML, at whatever location the page is.
const at = (location: string, node: ReactNode) => renderToString(createElement(StaticRouter, { location }, node));

const links: Array<Record<string, unknown>> = [
  { to: "/", children: "Home" },
  { to: "/accounts/orders", className: "text-muted underline", children: "Orders" },
  { to: "/es/fotolibro?step=2#reviews", "aria-label": "Fotolibro", tabIndex: -1, "aria-hidden": "true", children: "x" },
  { to: "/accounts/invoices/F-2026-1.pdf", reloadDocument: true, download: true, children: "PDF" },
  {
    to: "/help-center",
    target: "_blank",
    rel: "noopener",
    replace: true,
    state: { from: "footer" },
    preventScrollReset: true,
    children: "Help",
  },
  { to: "/tracking/ABC 1", children: "Tracking" },
];

const navLinks: Array<Record<string, unknown>> = [
  { to: "/accounts/home", className: "nav", children: "Home" },
  { to: "/accounts", end: true, className: "nav", children: "Accounts" },
  { to: "/accounts", children: "Accounts" },
  { to: "/Accounts/Orders", caseSensitive: true, children: "Orders" },
  {
    to: "/accounts/orders/",
    className: ({ isActive }: { isActive: boolean }) => (isActive ? "on" : "off"),
    children: ({ isActive }: { isActive: boolean }) => `orders ${isActive}`,
  },
  {
    to: "/accounts/tickets",
    "aria-current": "location",
    style: ({ isActive }: { isActive: boolean }) => ({ fontWeight: isActive ? 700 : 400 }),
    children: "Tickets",
  },
];

describe("the store's links, written on the server", () => {
  it.each(links)("write what React Router writes for %o", (props) => {
    expect(at("/accounts/orders", createElement(Link, props as never))).toBe(
      at("/accounts/orders", createElement(RouterLink, props as never)),
    );
  });

  it.each(["/accounts/orders", "/accounts/orders/123", "/accounts", "/accounts/tickets", "/"])(
    "mark the same nav links active at %s",
    (location) => {
      for (const props of navLinks) {
        expect(at(location, createElement(NavLink, props as never))).toBe(
          at(location, createElement(RouterNavLink, props as never)),
        );
      }
      expect(at("/accounts/orders/123", createElement(NavLink, navLinks[0] as never))).not.toContain("active");
      expect(at("/accounts/home", createElement(NavLink, navLinks[0] as never))).toContain('aria-current="page"');
    },
  );

  it("write a site path without React Router's hooks (which need a router around them)", () => {
    expect(renderToString(createElement(Link, { to: "/cart" }, "Cart"))).toBe(
      '<a href="/cart" data-discover="true">Cart</a>',
    );
  });

  it("leave every other target to React Router: relative, external, an object, or one with . or ..", () => {
    for (const to of [
      "orders",
      "../home",
      "/accounts/./orders",
      "/accounts/../cart",
      "//evil.example",
      "https://example.com/",
      { pathname: "/cart" },
    ]) {
      expect(() => renderToString(createElement(Link, { to }, "x")), JSON.stringify(to)).toThrow();
      expect(at("/accounts/orders", createElement(Link, { to }, "x"))).toBe(
        at("/accounts/orders", createElement(RouterLink, { to }, "x")),
      );
    }
  });
});
