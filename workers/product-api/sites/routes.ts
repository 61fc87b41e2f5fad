import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { API_ERROR_CODES } from "@contract/api/errors";
import { storeDb } from "../db/client";
import { sites as sitesTable } from "../db/schema";
import { apiError, type ProductApi } from "../http/api";

export const sites = new Hono<ProductApi>()
  .get("/", async (c) => {
    const items = await storeDb(c.env).select().from(sitesTable).orderBy(sitesTable.slug);
    return c.json({ items });
  })
  .get("/:slug", async (c) => {
    const slug = c.req.param("slug");
    const [site] = await storeDb(c.env).select().from(sitesTable).where(eq(sitesTable.slug, slug));
    if (!site) return apiError(c, 404, API_ERROR_CODES.notFound, `Site ${slug} not found`);
    return c.json(site);
  });
