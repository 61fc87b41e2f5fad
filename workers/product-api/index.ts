import { Hono } from "hono";
import { API_ERROR_CODES } from "../../app/lib/product-api/contract";
import { apiError, type ProductApi } from "./http";
import { articles } from "./routes/articles";
import { echo } from "./routes/echo";
import { sites } from "./routes/sites";

const app = new Hono<ProductApi>();

app.use(async (c, next) => {
  if (c.req.header("authorization") !== `Bearer ${c.env.API_TOKEN}`) {
    return apiError(c, 401, API_ERROR_CODES.unauthorized, "Missing or wrong API token");
  }
  await next();
});

app.route("/sites", sites);
app.route("/articles", articles);
app.route("/echo", echo);
app.notFound((c) => apiError(c, 404, API_ERROR_CODES.notFound, `No endpoint ${c.req.method} ${c.req.path}`));
app.onError((error, c) => {
  console.error(error);
  return apiError(c, 500, 5000, "Internal error");
});

export default app;
