import type { SessionData } from "~/lib/session/data";
import { sessionCookie, visit } from "./app";

/**
 * A session whose cart really holds a line (added through the app, as a shopper would): what the cart guards look for.
 */
export async function sessionWithCart(data: Partial<SessionData> = {}) {
  const session = await sessionCookie(data);
  // A WPX-ES article without options.
  const article = 203;
  const response = await visit("/cart", {
    cookie: session.cookie,
    method: "POST",
    body: new URLSearchParams({ intent: "add", article_id: String(article), quantity: "1" }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  if (response.status !== 303) throw new Error(`Adding to the cart answered ${response.status}`);
  return session;
}
