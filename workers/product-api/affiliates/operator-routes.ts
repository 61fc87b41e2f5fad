import { Hono } from "hono";
import { z } from "zod";
import { API_ERROR_CODES } from "@contract/api/errors";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { reportDueConversions } from "./conversions";
import { sandboxOutage } from "./sandbox-network";

const outage = z.object({
  order: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  reports: z.coerce.number().int().min(0).max(100),
});
const retry = z.object({ first_attempt_seconds: z.coerce.number().int().min(0).max(86_400).optional() });

/**
 * The affiliate network's side for local use and tests: tell the sandbox network to be down for an order's next
 * reports, and run the scheduled retries now. Development and tests only: everywhere else it does not exist.
 */
export const affiliateOperator = new Hono<ProductApi>()
  .use(async (c, next) => {
    if (c.env.EXPOSE_DEV_ENDPOINTS !== "true")
      return apiError(c, 404, API_ERROR_CODES.notFound, `No endpoint ${c.req.method} ${c.req.path}`);
    await next();
  })
  .post("/sandbox-outages", validate("form", outage), (c) => {
    const { order, reports } = c.req.valid("form");
    sandboxOutage(order, reports);
    return c.json({ order, reports });
  })
  .post("/conversions/report", validate("form", retry), async (c) => {
    const seconds = c.req.valid("form").first_attempt_seconds;
    return c.json(
      await reportDueConversions(c.env, c.get("log"), seconds === undefined ? {} : { firstAttemptMs: seconds * 1000 }),
    );
  });
