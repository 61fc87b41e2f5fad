import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { API_ERROR_CODES } from "@contract/api/errors";
import { Logger } from "@contract/observability/log";
import { requestIdFrom } from "@contract/observability/request-id";
import { drainAfterAnswer } from "@contract/http/drain-body";
import { allowedMethods, methodNotAllowed } from "@contract/http/errors";
import { requestLogging } from "@contract/observability/request-logging";
import { reportDueConversions } from "./affiliates/conversions";
import { affiliateNetworkOf } from "./affiliates/configured-network";
import { affiliateOperator } from "./affiliates/operator-routes";
import { affiliates } from "./affiliates/routes";
import { accountOverview } from "./accounts/overview-route";
import { passwords } from "./accounts/password-routes";
import { profiles } from "./accounts/profile-routes";
import { accountOrders } from "./account-orders/routes";
import { accounts } from "./accounts/routes";
import { carts } from "./carts/routes";
import { articles } from "./catalogue/article-routes";
import { catalog } from "./catalogue/catalog-routes";
import { contentBlocks } from "./catalogue/content-block-routes";
import { checkouts } from "./checkouts/routes";
import { commissions } from "./commissions/routes";
import { readsTogether } from "./db/query";
import { creatorDesigns } from "./designs/creator-routes";
import { groupDesigns } from "./designs/group-routes";
import { designs } from "./designs/routes";
import { savedDesigns } from "./designs/saved-routes";
import { echo } from "./echo/routes";
import { groups } from "./groups/routes";
import { help } from "./help/routes";
import { invoices } from "./invoices/routes";
import { marketing } from "./marketing/routes";
import { apiError, type ProductApi } from "./http/api";
import { outbox } from "./newsletter/outbox-routes";
import { newsletter } from "./newsletter/routes";
import { offers } from "./offers/routes";
import { operator } from "./operator/routes";
import { orderAttachment } from "./orders/attach-routes";
import { orders } from "./orders/routes";
import { payments } from "./payments/routes";
import { pickupPoints } from "./pickup-points/routes";
import { reviews } from "./reviews/routes";
import { search } from "./search/routes";
import { sitemap } from "./sitemap/routes";
import { sites } from "./sites/routes";
import { ticketOperator } from "./tickets/operator-routes";
import { tickets } from "./tickets/routes";
import { tracking } from "./tracking/routes";

// Parsed once at start-up: an unknown affiliate network stops the worker here, like the storefront's payment provider.
affiliateNetworkOf(env as unknown as ProductApiEnv);

const app = new Hono<ProductApi>();

// First, so that every request has its line, a refused token's included.
app.use(requestLogging("product-api"));
app.use(drainAfterAnswer());
app.use(async (c, next) => {
  if (c.req.header("authorization") !== `Bearer ${c.env.API_TOKEN}`) {
    return apiError(c, 401, API_ERROR_CODES.unauthorized, "Missing or wrong API token");
  }
  await readsTogether(next);
});

app.route("/sites", sites);
app.route("/accounts", accountOverview);
app.route("/accounts", passwords);
app.route("/accounts", profiles);
app.route("/accounts", accounts);
app.route("/groups", groups);
app.route("/commissions", commissions);
app.route("/articles", articles);
app.route("/carts", carts);
app.route("/checkouts", checkouts);
app.route("/pickup-points", pickupPoints);
app.route("/orders", orderAttachment);
app.route("/orders", orders);
// An account's list of orders and "buy again", beside the order calls.
app.route("/orders", accountOrders);
app.route("/invoices", invoices);
app.route("/payments", payments);
app.route("/tracking", tracking);
app.route("/affiliates", affiliates);
app.route("/tickets", tickets);
app.route("/marketing", marketing);
// Moving orders through production and shipment, for the operator script; only where dev endpoints are exposed.
app.route("/operator", operator);
// Support's answers to tickets, for the ticket:reply script; only where dev endpoints are exposed.
app.route("/operator/tickets", ticketOperator);
// The sandbox affiliate network's switches and the conversions' retries, for tests; only where dev endpoints are
// exposed.
app.route("/operator/affiliates", affiliateOperator);
app.route("/catalog", catalog);
// What the 404, search and cart pages show beside their own content (docs/decisions/0039).
app.route("/catalog/content-blocks", contentBlocks);
// Before the catalogue's designs, whose /designs/:id would take these paths.
app.route("/designs/saved", savedDesigns);
app.route("/designs/group", groupDesigns);
app.route("/designs", designs);
// Designs made in the creator: the visitor's own (a session's, or a customer's).
app.route("/creator/designs", creatorDesigns);
app.route("/offers", offers);
app.route("/reviews", reviews);
app.route("/help", help);
app.route("/search", search);
app.route("/newsletter", newsletter);
app.route("/outbox", outbox);
app.route("/sitemap", sitemap);
app.route("/echo", echo);
// The same, behind the storefront's operator door (/api/operator/echo): the whole way, storefront to here, checked.
app.route("/operator/echo", echo);
app.notFound((c) => {
  const allow = allowedMethods(app.routes, c.req.method, c.req.path);
  if (allow.length) return methodNotAllowed(c.req.method, allow, { code: API_ERROR_CODES.methodNotAllowed });
  return apiError(c, 404, API_ERROR_CODES.notFound, `No endpoint ${c.req.method} ${c.req.path}`);
});
app.onError((error, c) => {
  c.get("log").failure("product-api failed", error);
  return apiError(c, 500, API_ERROR_CODES.internal, "Internal error");
});

/** The Hono app itself, for tests that call it with their own bindings. */
export { app as productApi };

export default {
  fetch: app.fetch,
  // The affiliate conversions a network did not take yet (wrangler.jsonc's cron).
  scheduled(_controller, workerEnv, ctx) {
    const log = new Logger("product-api", workerEnv, requestIdFrom(null));
    ctx.waitUntil(
      reportDueConversions(workerEnv, log).then(
        (outcomes) => log.line("INFO", "Affiliate conversions retried", outcomes),
        (error: unknown) => log.failure("Affiliate conversions not retried", error),
      ),
    );
  },
} satisfies ExportedHandler<ProductApiEnv>;
