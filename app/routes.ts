import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
// React Router loads this file without the tsconfig aliases: the contract by its path.
import { LOCALES } from "../contract/locales/locales";

/** A page, at its path and under the `/{lang}` prefix of a brand's extra locales. */
function page(path: string, file: string, id: string): RouteConfigEntry[] {
  return [route(path, file, { id }), route(`:lang/${path}`, file, { id: `${id}.lang` })];
}

export default [
  route("api/session", "routes/api.session.ts"),
  route("api/bootstrap.json", "routes/api.bootstrap.ts"),
  route("api/icons/:collection", "routes/api.icons.ts"),
  route("api/log", "routes/api.log.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("api/proxy/*", "routes/api.proxy.ts"),
  route("api/event/page", "routes/api.event.page.ts"),
  route("api/marketing/landing", "routes/api.marketing.landing.ts"),
  route("api/consent", "routes/api.consent.ts"),
  route("api/payments/webhook", "routes/api.payments.webhook.ts"),
  route("api/operator/*", "routes/api.operator.ts"),
  ...page("api/pickup-points", "routes/api.pickup-points.ts", "pickup-points"),
  ...page("api/search/suggest", "routes/api.search.suggest.ts", "search-suggest"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemap/:file", "routes/sitemap.locale.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("mailbox", "routes/mailbox.tsx"),
  route("_locales/general/:locale/data.json", "routes/locales.general.ts"),
  route("_locales/:localeOrLink/:route/data.json", "routes/locales.route.ts"),
  route("builds/*", "routes/builds.ts"),
  // The prerendered pages' data (`{page}/_payload.json`, docs/decisions/0039), beside the pages of
  // contract/builds/meta.ts.
  ...page("about-us/_payload.json", "routes/payload.ts", "payload-about-us"),
  ...page("tags-list/_payload.json", "routes/payload.ts", "payload-tags-list"),
  ...page("help-center/_payload.json", "routes/payload.ts", "payload-help-center"),
  ...page("help-center/category/:id/_payload.json", "routes/payload.ts", "payload-help-category"),
  ...page("help-center/topic/:id/_payload.json", "routes/payload.ts", "payload-help-topic"),
  ...page("images/upload", "routes/images.upload.ts", "images-upload"),
  route("images/uploads/:id", "routes/images.uploads.ts"),
  route("images/uploads/:id/:preview", "routes/images.uploads.preview.ts"),
  ...page("images/uploads/parts/*", "routes/images.uploads.parts.ts", "images-uploads-parts"),
  route("tracking/:public_id/designs/:upload_id/:preview?", "routes/tracking-design.ts"),

  layout("layouts/master.tsx", [
    index("routes/home.tsx", { id: "home" }),
    ...LOCALES.map((code) => route(code, "routes/home.tsx", { id: `home.${code}` })),
    ...page(":slug", "routes/slug.tsx", "slug"),
    ...page("cart", "routes/cart.tsx", "cart"),
    ...page("offers", "routes/offers.tsx", "offers"),
    ...page("search", "routes/search.tsx", "search"),
    ...page("contact", "routes/contact.tsx", "contact"),
    ...page("reviews", "routes/reviews.tsx", "reviews"),
    ...page("about-us", "routes/about-us.tsx", "about-us"),
    ...page("t/:slug", "routes/tag.tsx", "tag"),
    ...page("tags-list", "routes/tags-list.tsx", "tags-list"),
    ...page("newsletter", "routes/newsletter.tsx", "newsletter"),
    ...page("unsubscribe", "routes/unsubscribe.tsx", "unsubscribe"),
    ...page("tracking", "routes/tracking.tsx", "tracking"),
    ...page("tracking/:public_id", "routes/tracking-order.tsx", "tracking-order"),
    ...page(
      "tracking/:public_id/user_required_actions/:user_required_action_public_id",
      "routes/user-required-action.tsx",
      "user-required-action",
    ),
    ...page("order-completed", "routes/order-completed.tsx", "order-completed"),
    ...page("help-center", "routes/help-center.tsx", "help-center"),
    ...page("help-center/topic/:id", "routes/help-topic.tsx", "help-topic"),
    ...page("help-center/category/:id", "routes/help-category.tsx", "help-category"),
    ...page("design/:slug/:design_id", "routes/design.tsx", "design"),
    ...page("designs/:slug/:article_id", "routes/designs.tsx", "designs"),
    // The three first-level shortcuts into the account area (docs/decisions/0003).
    ...page("orders", "routes/account-shortcut.tsx", "shortcut-orders"),
    ...page("tickets", "routes/account-shortcut.tsx", "shortcut-tickets"),
    ...page("invoices", "routes/account-shortcut.tsx", "shortcut-invoices"),
  ]),

  layout("layouts/full-page.tsx", [
    ...page("login", "routes/login.tsx", "login"),
    ...page("login/password-reset", "routes/password-reset.tsx", "password-reset"),
  ]),

  layout("layouts/light.tsx", [
    ...page("checkout", "routes/checkout.tsx", "checkout"),
    ...page("checkout/payment-return", "routes/payment-return.tsx", "payment-return"),
  ]),

  layout("layouts/master-accounts.tsx", [
    ...page("accounts", "routes/accounts/index.tsx", "accounts"),
    ...page("accounts/home", "routes/accounts/home.tsx", "accounts-home"),
    ...page("accounts/profile", "routes/accounts/profile.tsx", "accounts-profile"),
    ...page("accounts/config", "routes/accounts/config.tsx", "accounts-config"),
    ...page("accounts/orders", "routes/accounts/orders.tsx", "accounts-orders"),
    ...page("accounts/tickets", "routes/accounts/tickets.tsx", "accounts-tickets"),
    ...page("accounts/tickets/:ticketId", "routes/accounts/ticket.tsx", "accounts-ticket"),
    ...page("accounts/invoices", "routes/accounts/invoices.tsx", "accounts-invoices"),
    // The invoice as a PDF file (a resource route), and as a printable page.
    ...page("accounts/invoices/:number.pdf", "routes/accounts/invoice-pdf.ts", "accounts-invoice-pdf"),
    ...page("accounts/invoices/:number", "routes/accounts/invoice.tsx", "accounts-invoice"),
    ...page("accounts/commissions", "routes/accounts/commissions.tsx", "accounts-commissions"),
    // A download (resource route) under the layout, so that its middleware checks the account first.
    ...page("accounts/commissions.csv", "routes/accounts/commissions-csv.ts", "accounts-commissions-csv"),
    ...page("accounts/designs", "routes/accounts/designs.tsx", "accounts-designs"),
    ...page("accounts/designs/admin", "routes/accounts/designs-admin.tsx", "accounts-designs-admin"),
    // A saved design's preview for whoever of its group may see it (a resource route, after the layout's account
    // check).
    ...page("accounts/designs/:id/picture", "routes/accounts/design-picture.ts", "accounts-design-picture"),
  ]),

  // The shop's marketing dashboard, for accounts with the marketing role (docs/decisions/0027).
  layout("layouts/marketing.tsx", [
    ...page("marketing", "routes/marketing/dashboard.tsx", "marketing"),
    // Each table as a CSV download: resource routes under the layout, so that its middleware checks the role first.
    ...page("marketing/export/:table.csv", "routes/marketing/export-csv.ts", "marketing-export"),
    // A visitor's consent decisions by consent id (docs/decisions/0035), and the same as CSV.
    ...page("marketing/consent-records", "routes/marketing/consent-records.tsx", "marketing-consent-records"),
    ...page(
      "marketing/consent-records.csv",
      "routes/marketing/consent-records-csv.ts",
      "marketing-consent-records-csv",
    ),
  ]),

  // The creator picks its own layout in its loader (the spec's "set constructor layout" guard: setCreatorLayout).
  layout("layouts/blank.tsx", [
    ...page("create/:article_id", "routes/create.tsx", "create"),
    // The sandbox payment provider's hosted page (docs/decisions/0008): only with PAYMENT_PROVIDER=sandbox.
    ...page("sandbox-payment/:payment_id", "routes/sandbox-payment.tsx", "sandbox-payment"),
  ]),

  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
