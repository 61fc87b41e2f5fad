import { Hono } from "hono";
import { API_ERROR_CODES } from "@contract/api/errors";
import { apiError, type ProductApi } from "./http";
import { articles } from "./routes/articles";
import { carts } from "./routes/carts";
import { checkouts } from "./routes/checkouts";
import { catalog } from "./routes/catalog";
import { designs } from "./routes/designs";
import { echo } from "./routes/echo";
import { help } from "./routes/help";
import { newsletter, outboxRoutes } from "./routes/newsletter";
import { offers } from "./routes/offers";
import { operator } from "./routes/operator";
import { orders } from "./routes/orders";
import { payments } from "./routes/payments";
import { pickupPoints } from "./routes/pickup-points";
import { reviews } from "./routes/reviews";
import { search } from "./routes/search";
import { sitemap } from "./routes/sitemap";
import { sites } from "./routes/sites";
import { tracking } from "./routes/tracking";

const app = new Hono<ProductApi>();

app.use(async (c, next) => {
  if (c.req.header("authorization") !== `Bearer ${c.env.API_TOKEN}`) {
    return apiError(c, 401, API_ERROR_CODES.unauthorized, "Missing or wrong API token");
  }
  await next();
});

app.route("/sites", sites);
app.route("/articles", articles);
app.route("/carts", carts);
app.route("/checkouts", checkouts);
app.route("/pickup-points", pickupPoints);
app.route("/orders", orders);
app.route("/payments", payments);
app.route("/tracking", tracking);
// Moving orders through production and shipment, for the operator script; only where dev endpoints are exposed.
app.route("/operator", operator);
app.route("/catalog", catalog);
app.route("/designs", designs);
app.route("/offers", offers);
app.route("/reviews", reviews);
app.route("/help", help);
app.route("/search", search);
app.route("/newsletter", newsletter);
app.route("/outbox", outboxRoutes);
app.route("/sitemap", sitemap);
app.route("/echo", echo);
app.notFound((c) => apiError(c, 404, API_ERROR_CODES.notFound, `No endpoint ${c.req.method} ${c.req.path}`));
app.onError((error, c) => {
  console.error(error);
  return apiError(c, 500, 5000, "Internal error");
});

export default app;
