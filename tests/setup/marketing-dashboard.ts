import type { BrandSlug } from "@contract/brands/brands";
import { cartSchema } from "@contract/api/cart";
import { accountIn, signedInAs } from "./accounts";
import { sessionCookie, testEnv } from "./app";
import { FIRST_ARTICLE, productApiAs } from "./checkout";
import { location, saveCheckout, sendWebhook } from "./orders";
import { submitPaymentStep } from "./place-order";

/** A signed-in account holding the shop's marketing role (as an operator grants it), of the brand. */
export async function marketerIn(brand: BrandSlug = "WPX-ES") {
  const account = await accountIn(brand);
  await testEnv.STORE_DB.prepare(`UPDATE accounts SET roles = '["marketing"]' WHERE id = ?`).bind(account.id).run();
  const marketer = { ...account, roles: ["marketing" as const] };
  return { account: marketer, cookie: await signedInAs(marketer) };
}

/** Each brand's checkout as a shopper fills it (contact, an address its rules take, home delivery, card). */
const CHECKOUT: Partial<Record<BrandSlug, { address: Record<string, string>; carrier: string; phone: string }>> = {
  "WPX-ES": {
    address: { street: "Calle Mayor 12", postcode: "28013", city: "Madrid", country: "ES" },
    carrier: "CORREOS",
    phone: "+34 600 123 456",
  },
  "WPX-PL": {
    address: { street: "ul. Puławska 145", postcode: "02-677", city: "Warszawa", country: "PL" },
    carrier: "DHL_PARCEL",
    phone: "+48 600 123 456",
  },
};

/**
 * An order bought through the storefront's checkout (a cart of `quantity` of the brand's first article, step 4 placing
 * it) and paid with the sandbox provider's signed webhook, unless `paid` is false. Returns its row as stored.
 */
export async function orderThroughCheckout(brand: "WPX-ES" | "WPX-PL", { quantity = 1, paid = true } = {}) {
  const extSessionId = crypto.randomUUID();
  const api = productApiAs(brand, extSessionId);
  const cart = await api.post("/carts", { site: brand, locale: "en" }, cartSchema);
  await api.post(`/carts/${cart.id}/lines`, { locale: "en", article_id: FIRST_ARTICLE[brand], quantity }, cartSchema);
  const { address, carrier, phone } = CHECKOUT[brand]!;
  await saveCheckout(cart.id, {
    contact: {
      email: `buyer.${crypto.randomUUID().slice(0, 8)}@example.com`,
      customerType: "PERSON",
      firstName: "Marta",
      lastName: "Ruiz",
      phone,
    },
    address,
    shipment: { deliveryType: "ADDRESS", carrier, pickupPointId: null },
    payment: { method: "CARD" },
  });
  const { cookie } = await sessionCookie({ fotiApiClient: { extSessionId }, cartId: cart.id });
  const paymentId = location(await submitPaymentStep(cookie, "/checkout?step=4", brand))
    .split("/")
    .at(-1)!;
  if (paid) {
    const { response } = await sendWebhook(paymentId, "payment.succeeded", { brand });
    if (response.status !== 200) throw new Error(`The payment webhook answered ${response.status}`);
  }
  const order = await testEnv.STORE_DB.prepare(
    "SELECT id, public_id AS publicId, site, currency, total, vat, payment_status AS paymentStatus, created_at AS createdAt FROM orders WHERE cart_id = ?",
  )
    .bind(cart.id)
    .first<{
      id: number;
      publicId: string;
      site: string;
      currency: string;
      total: number;
      vat: number;
      paymentStatus: string;
      createdAt: string;
    }>();
  if (!order) throw new Error("The checkout placed no order");
  return order;
}

export type Touch = { channel: string; source?: string | null; medium?: string | null; campaign?: string | null };

/** How the order's buyer came, as checkout records it (one row per order): the last touch, and a first one if apart. */
export async function attribute(
  orderId: number,
  last: Touch,
  { first, affiliateId = null, awc = null }: { first?: Touch; affiliateId?: number | null; awc?: string | null } = {},
) {
  // Checkout recorded one already (without the test's consent cookies: channel unknown); the test's touch replaces it.
  await testEnv.STORE_DB.prepare(`INSERT OR REPLACE INTO order_attribution (order_id, affiliate_id, awc, channel, source, medium, campaign, landing_page, referrer,
      touched_at, first_channel, first_source, first_medium, first_campaign, consent_ads, consent_analytics)
    VALUES (?, ?, ?, ?, ?, ?, ?, '/', NULL, ?, ?, ?, ?, ?, 1, 1)`)
    .bind(
      orderId,
      affiliateId,
      awc,
      last.channel,
      last.source ?? null,
      last.medium ?? null,
      last.campaign ?? null,
      new Date().toISOString(),
      first?.channel ?? null,
      first?.source ?? null,
      first?.medium ?? null,
      first?.campaign ?? null,
    )
    .run();
}

/** Rows of the analytics rollups, as the events consumer would have summed them. */
export async function rollupRows(table: string, rows: Record<string, string | number>[]) {
  for (const row of rows) {
    const columns = Object.keys(row);
    await testEnv.ANALYTICS_DB.prepare(
      `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    )
      .bind(...Object.values(row))
      .run();
  }
}

/** A CSV download's rows, split as a spreadsheet would (quoted fields kept whole). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && body[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index++;
    } else field += char;
  }
  return rows;
}
