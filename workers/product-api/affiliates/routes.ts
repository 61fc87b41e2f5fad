import { Hono } from "hono";
import { z } from "zod";
import { affiliateHitParams } from "@contract/api/attribution";
import { BRAND_SLUGS } from "@contract/brands/brands";
import { truncateIp } from "@contract/marketing/client-address";
import type { ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { activeAffiliate, insertAffiliateHit } from "./queries";

/** The site is the brand the api-proxy names for the storefront (x-brand), never a field of the hit. */
const brandHeader = z.object({ "x-brand": z.enum(BRAND_SLUGS) });
// The contract's payload, with the address and the host checked as what they are: nothing else is stored.
const hitParams = affiliateHitParams.extend({
  ip: z
    .string()
    .max(45)
    .refine((ip) => truncateIp(ip) !== null, "not an IP address"),
  domain: z.hostname().max(253),
});

export const affiliates = new Hono<ProductApi>()
  /**
   * The spec's affiliate hit: stored, and `{ success: true }`, for an ACTIVE affiliate of the site; `{ success: false
   * }` (200: the storefront reads only the flag, and an unknown id in a link is no failure of the call) otherwise.
   */
  .post("/hits", validate("header", brandHeader), validate("form", hitParams), async (c) => {
    const site = c.req.valid("header")["x-brand"];
    const hit = c.req.valid("form");
    const affiliate = await activeAffiliate(c.env, site, Number(hit.customer_id));
    if (!affiliate) return c.json({ success: false });
    // Truncated again: whatever a caller sends, no full client address is kept.
    await insertAffiliateHit(c.env, site, { ...hit, ip: truncateIp(hit.ip)! });
    return c.json({ success: true }, 201);
  });
