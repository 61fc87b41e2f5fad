import { expect } from "vitest";
import type { BrandSlug } from "@contract/brands/brands";
import type { SessionData } from "~/lib/session/data";
import { sessionCookie, testEnv, visit } from "../setup/app";

export const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ");
export const testId = (html: string, id: string) =>
  text(
    /data-testid="[^"]*"/.test(html)
      ? (new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</`).exec(html)?.[1] ?? "")
      : "",
  ).trim();
export const cartCount = (html: string) => Number(/data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1]);
/** The attributes of the first tag matching a pattern, order-independent. */
export const tag = (html: string, pattern: RegExp) => {
  const found =
    [...html.matchAll(/<(input|button|form)\b[^>]*>/g)]
      .map((match) => match[0])
      .find((element) => pattern.test(element)) ?? "";
  return Object.fromEntries([...found.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
};
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

type Shopper = { cookie: string; id: string; brand: BrandSlug };

export async function shopper(brand: BrandSlug = "WPX-ES", data: Partial<SessionData> = {}): Promise<Shopper> {
  return { ...(await sessionCookie(data)), brand };
}

export async function session(who: Shopper): Promise<SessionData> {
  return JSON.parse((await testEnv.SESSIONS.get(`session:${who.id}`))!) as SessionData;
}

/** A plain (no JavaScript) POST of the cart form. */
export function post(
  who: Pick<Shopper, "cookie" | "brand"> | { brand: BrandSlug; cookie?: string },
  fields: Record<string, string | number>,
  path = "/cart",
) {
  const body = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]));
  return visit(path, {
    brand: who.brand,
    cookie: who.cookie,
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

export async function page(who: Shopper, path = "/cart") {
  const response = await visit(path, { brand: who.brand, cookie: who.cookie });
  expect(response.status).toBe(200);
  return response.text();
}

export async function article(site: BrandSlug, offset = 0) {
  return (await testEnv.STORE_DB.prepare(
    "SELECT id, slug, price FROM articles WHERE site = ? AND id NOT IN (SELECT article_id FROM article_options) ORDER BY id LIMIT 1 OFFSET ?",
  )
    .bind(site, offset)
    .first<{ id: number; slug: string; price: number }>())!;
}

export const lineIds = async (who: Shopper) =>
  (
    await testEnv.STORE_DB.prepare("SELECT l.id FROM cart_lines l WHERE l.cart_id = ? ORDER BY l.id")
      .bind((await session(who)).cartId)
      .all<{ id: number }>()
  ).results.map((row) => row.id);
