import { Hono } from "hono";
import { orderAttachParams } from "@contract/api/orders";
import { rows, inList, sql } from "../db/query";
import { actorOrAnswer } from "../accounts/actor";
import type { ProductApi } from "../http/api";
import { validate } from "../http/validate";

/**
 * A guest's orders join an account: only orders of this site that nobody owns yet, placed in the same browser
 * session (ext_session_id), to the account's own e-mail. Anything else is left as it was, silently.
 */
export const orderAttachment = new Hono<ProductApi>().post(
  "/attach",
  validate("form", orderAttachParams),
  async (c) => {
    const body = c.req.valid("form");
    const actor = await actorOrAnswer(c, body.site, body.account_id);
    if (actor instanceof Response) return actor;
    const attached = await rows<{ publicId: string }>(
      c.env,
      sql`UPDATE orders SET customer_id = ${actor.account.id}
    WHERE site = ${body.site} AND public_id IN (${inList(body.order_ids)}) AND customer_id IS NULL
      AND ext_session_id = ${body.ext_session_id} AND email = ${actor.account.email}
    RETURNING public_id AS publicId`,
    );
    return c.json({ attached: attached.map((row) => row.publicId) });
  },
);
