import { Hono } from "hono";
import {
  newsletterConfirmParams,
  newsletterSubscribeParams,
  newsletterUnsubscribeParams,
} from "@contract/api/catalogue";
import { API_ERROR_CODES } from "@contract/api/errors";
import { firstRow, rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { NEWSLETTER_CONFIRM, NEWSLETTER_UNSUBSCRIBE_FOOTER } from "./emails";

const fill = (text: string, url: string) => text.replaceAll("{link}", url);

/** Double opt-in: subscribing writes a confirmation e-mail to the outbox; only the link in it confirms. */
export const newsletter = new Hono<ProductApi>()
  .post("/subscribe", validate("form", newsletterSubscribeParams), async (c) => {
    const body = c.req.valid("form");
    const now = new Date().toISOString();
    const current = await firstRow<{ status: string }>(
      c.env,
      sql`SELECT status FROM newsletter_subscribers WHERE site = ${body.site} AND email = ${body.email}`,
    );
    if (current?.status === "CONFIRMED") return c.json({ ok: true, status: "CONFIRMED" });
    const token = [...crypto.getRandomValues(new Uint8Array(16))]
      .map((byte) => byte.toString(16).padStart(2, "0"))
      .join("");
    if (current) {
      await rows(
        c.env,
        sql`UPDATE newsletter_subscribers SET status = 'PENDING', confirm_token = ${token}, locale = ${body.locale}, unsubscribed_at = NULL
        WHERE site = ${body.site} AND email = ${body.email}`,
      );
    } else {
      await rows(
        c.env,
        sql`INSERT INTO newsletter_subscribers (site, email, locale, status, confirm_token, created_at)
        VALUES (${body.site}, ${body.email}, ${body.locale}, 'PENDING', ${token}, ${now})`,
      );
    }
    const template = NEWSLETTER_CONFIRM[body.locale] ?? NEWSLETTER_CONFIRM.en!;
    const confirmUrl = `${body.confirm_url}${body.confirm_url.includes("?") ? "&" : "?"}token=${token}`;
    const text = `${fill(template.body, confirmUrl)}\n\n${fill(NEWSLETTER_UNSUBSCRIBE_FOOTER[body.locale] ?? NEWSLETTER_UNSUBSCRIBE_FOOTER.en!, body.unsubscribe_url)}`;
    await rows(
      c.env,
      sql`INSERT INTO email_outbox (site, to_address, subject, body_text, kind, created_at)
      VALUES (${body.site}, ${body.email}, ${template.subject}, ${text}, 'newsletter-confirm', ${now})`,
    );
    return c.json({ ok: true, status: "PENDING" });
  })
  .post("/confirm", validate("form", newsletterConfirmParams), async (c) => {
    const { token } = c.req.valid("form");
    const found = await firstRow<{ id: number }>(
      c.env,
      sql`SELECT id FROM newsletter_subscribers WHERE confirm_token = ${token} AND status = 'PENDING'`,
    );
    if (!found) return apiError(c, 404, API_ERROR_CODES.noResults, "Unknown or used confirmation link", { ok: false });
    await rows(
      c.env,
      sql`UPDATE newsletter_subscribers SET status = 'CONFIRMED', confirmed_at = ${new Date().toISOString()} WHERE id = ${found.id}`,
    );
    return c.json({ ok: true });
  })
  /** Idempotent: leaving twice, or without ever joining, is fine. */
  .post("/unsubscribe", validate("form", newsletterUnsubscribeParams), async (c) => {
    const body = c.req.valid("form");
    await rows(
      c.env,
      sql`UPDATE newsletter_subscribers SET status = 'UNSUBSCRIBED', unsubscribed_at = COALESCE(unsubscribed_at, ${new Date().toISOString()})
      WHERE site = ${body.site} AND email = ${body.email} AND status != 'UNSUBSCRIBED'`,
    );
    return c.json({ ok: true });
  });
