import { Hono } from "hono";
import { z } from "zod";
import { API_ERROR_CODES } from "@contract/api/errors";
import { rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";

const outboxParams = z.object({
  site: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The local mailbox: what the shop would have sent. Development and tests only. */
export const outbox = new Hono<ProductApi>().get("/", validate("query", outboxParams), async (c) => {
  if (c.env.EXPOSE_DEV_ENDPOINTS !== "true")
    return apiError(c, 404, API_ERROR_CODES.noResults, "The mailbox is for development only");
  const { site, limit } = c.req.valid("query");
  const items = await rows(
    c.env,
    sql`SELECT id, site, to_address AS "to", subject, body_text AS body, kind, created_at AS createdAt
    FROM email_outbox ${site ? sql`WHERE site = ${site}` : sql``} ORDER BY id DESC LIMIT ${limit}`,
  );
  return c.json({ items });
});
