import { Hono } from "hono";
import { z } from "zod";
import { API_ERROR_CODES } from "@contract/api/errors";
import { firstRow, rows, sql } from "../db/query";
import { NEWSLETTER_CONFIRM, NEWSLETTER_UNSUBSCRIBE_FOOTER } from "../emails";
import { apiError, zValidator, type ProductApi } from "../http";

const email = z.string().trim().toLowerCase().email().max(254);
const link = z.url({ protocol: /^https?$/ }).max(2048);
const subscribe = z.object({ site: z.string().min(1), locale: z.string().min(2).max(5), email, confirm_url: link, unsubscribe_url: link });
const confirm = z.object({ token: z.string().regex(/^[a-f0-9]{32}$/) });
const unsubscribe = z.object({ site: z.string().min(1), email });
const outbox = z.object({ site: z.string().min(1).optional(), limit: z.coerce.number().int().min(1).max(100).default(50) });

const fill = (text: string, url: string) => text.replaceAll("{link}", url);

/** Double opt-in: subscribing writes a confirmation e-mail to the outbox; only the link in it confirms. */
export const newsletter = new Hono<ProductApi>()
  .post("/subscribe", zValidator("form", subscribe), async (c) => {
    const body = subscribe.parse(await c.req.parseBody());
    const now = new Date().toISOString();
    const current = await firstRow<{ status: string }>(c.env, sql`SELECT status FROM newsletter_subscribers WHERE site = ${body.site} AND email = ${body.email}`);
    if (current?.status === "CONFIRMED") return c.json({ ok: true, status: "CONFIRMED" });
    const token = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    if (current) {
      await rows(c.env, sql`UPDATE newsletter_subscribers SET status = 'PENDING', confirm_token = ${token}, locale = ${body.locale}, unsubscribed_at = NULL
        WHERE site = ${body.site} AND email = ${body.email}`);
    } else {
      await rows(c.env, sql`INSERT INTO newsletter_subscribers (site, email, locale, status, confirm_token, created_at)
        VALUES (${body.site}, ${body.email}, ${body.locale}, 'PENDING', ${token}, ${now})`);
    }
    const template = NEWSLETTER_CONFIRM[body.locale] ?? NEWSLETTER_CONFIRM.en!;
    const confirmUrl = `${body.confirm_url}${body.confirm_url.includes("?") ? "&" : "?"}token=${token}`;
    const text = `${fill(template.body, confirmUrl)}\n\n${fill(NEWSLETTER_UNSUBSCRIBE_FOOTER[body.locale] ?? NEWSLETTER_UNSUBSCRIBE_FOOTER.en!, body.unsubscribe_url)}`;
    await rows(c.env, sql`INSERT INTO email_outbox (site, to_address, subject, body_text, kind, created_at)
      VALUES (${body.site}, ${body.email}, ${template.subject}, ${text}, 'newsletter-confirm', ${now})`);
    return c.json({ ok: true, status: "PENDING" });
  })
  .post("/confirm", zValidator("form", confirm), async (c) => {
    const { token } = confirm.parse(await c.req.parseBody());
    const found = await firstRow<{ id: number }>(c.env, sql`SELECT id FROM newsletter_subscribers WHERE confirm_token = ${token} AND status = 'PENDING'`);
    if (!found) return apiError(c, 404, API_ERROR_CODES.noResults, "Unknown or used confirmation link", { ok: false });
    await rows(c.env, sql`UPDATE newsletter_subscribers SET status = 'CONFIRMED', confirmed_at = ${new Date().toISOString()} WHERE id = ${found.id}`);
    return c.json({ ok: true });
  })
  /** Idempotent: leaving twice, or without ever joining, is fine. */
  .post("/unsubscribe", zValidator("form", unsubscribe), async (c) => {
    const body = unsubscribe.parse(await c.req.parseBody());
    await rows(c.env, sql`UPDATE newsletter_subscribers SET status = 'UNSUBSCRIBED', unsubscribed_at = COALESCE(unsubscribed_at, ${new Date().toISOString()})
      WHERE site = ${body.site} AND email = ${body.email} AND status != 'UNSUBSCRIBED'`);
    return c.json({ ok: true });
  });

/** The local mailbox: what the shop would have sent. Development and tests only. */
export const outboxRoutes = new Hono<ProductApi>().get("/", zValidator("query", outbox), async (c) => {
  if (c.env.EXPOSE_DEV_ENDPOINTS !== "true") return apiError(c, 404, API_ERROR_CODES.noResults, "The mailbox is for development only");
  const { site, limit } = outbox.parse(c.req.query());
  const items = await rows(c.env, sql`SELECT id, site, to_address AS "to", subject, body_text AS body, kind, created_at AS createdAt
    FROM email_outbox ${site ? sql`WHERE site = ${site}` : sql``} ORDER BY id DESC LIMIT ${limit}`);
  return c.json({ items });
});
