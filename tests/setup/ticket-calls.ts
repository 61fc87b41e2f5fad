import type { Account } from "@contract/api/accounts";
import type { Ticket, TicketList } from "@contract/api/tickets";
import { testEnv } from "@test-setup/app";
import { insertOrder } from "@test-setup/orders";
import { TEST_SECRETS } from "@test-setup/secrets";

export type Answer = Partial<Ticket> &
  Partial<TicketList> & { error?: { code: number; message: string }; fieldErrors?: Record<string, string> };

// Tickets in the product API, called as the api-proxy would (bearer token, form-encoded).
export async function call(path: string, fields?: Record<string, string>, method = fields ? "POST" : "GET") {
  const response = await testEnv.PRODUCT_API.fetch(
    new Request(`https://product-api.internal${path}`, {
      method,
      headers: {
        authorization: `Bearer ${TEST_SECRETS.apiToken}`,
        ...(fields ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: fields ? new URLSearchParams(fields) : undefined,
    }),
  );
  return { status: response.status, body: (await response.json()) as Answer };
}

export const SITE_URL = "https://wpx.es";
export const email = () => `guest.${crypto.randomUUID().slice(0, 8)}@example.com`;
export const guestTicket = (fields: Record<string, string> = {}) =>
  call("/tickets", {
    site: "WPX-ES",
    locale: "es",
    site_url: SITE_URL,
    name: "Lucía Pérez",
    email: email(),
    message: "Mi taza llegó rota y quiero otra, por favor.",
    ...fields,
  });
export const accountTicket = (account: Account, fields: Record<string, string> = {}) =>
  call("/tickets", {
    site: account.site,
    locale: "en",
    site_url: SITE_URL,
    account_id: account.id,
    subject: "Broken mug",
    message: "The handle came off in the box.",
    ...fields,
  });

export const read = (account: Account, publicId: string) =>
  call(`/tickets/${publicId}?site=${account.site}&account_id=${account.id}`);
export const list = (account: Account, query = "") =>
  call(`/tickets?site=${account.site}&account_id=${account.id}${query}`);
export const reply = (account: Account, publicId: string, message = "Any news?") =>
  call(`/tickets/${publicId}/messages`, { site: account.site, account_id: account.id, message });
export const setStatus = (account: Account, publicId: string, status: string) =>
  call(`/tickets/${publicId}/status`, { site: account.site, account_id: account.id, status });
export const agentReply = (publicId: string, message: string) =>
  call(`/operator/tickets/${publicId}/replies`, { message });

export async function outboxFor(to: string) {
  return (
    await testEnv.STORE_DB.prepare(
      "SELECT subject, body_text AS body, kind FROM email_outbox WHERE to_address = ? ORDER BY id",
    )
      .bind(to)
      .all<{ subject: string; body: string; kind: string }>()
  ).results;
}

export async function orderOf(account: Account) {
  const publicId = await insertOrder({ email: account.email });
  await testEnv.STORE_DB.prepare("UPDATE orders SET customer_id = ? WHERE public_id = ?")
    .bind(account.id, publicId)
    .run();
  return publicId;
}
