import { z } from "zod";
import { PAYMENT_EVENT_TYPES, type PaymentEventType } from "@contract/api/orders";
import type { PaymentProvider, WebhookVerification } from "./provider";

/** How far a signature's timestamp may be from now: older events are refused as replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const SIGNATURE_HEADER = "Sandbox-Signature";

const eventBody = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(PAYMENT_EVENT_TYPES),
  created: z.number().int(),
  data: z.object({ payment_id: z.string().min(1).max(64) }),
});

const encoder = new TextEncoder();

function hmacKey(secret: string) {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

const toHex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
function fromHex(hex: string) {
  if (!/^([0-9a-f]{2})+$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "${t}.${rawBody}">`, as the sandbox signs its webhooks. */
export async function signSandboxPayload(secret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(`${timestamp}.${rawBody}`));
  return `t=${timestamp},v1=${toHex(signature)}`;
}

/** The sandbox's webhook for one attempt: a random event id, the outcome, signed now. */
export async function sandboxWebhookRequest(secret: string, url: URL, paymentId: string, type: PaymentEventType) {
  const body = JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { payment_id: paymentId },
  });
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: await signSandboxPayload(secret, body) },
    body,
  });
}

/** The sandbox provider: a hosted page on the storefront itself (/sandbox-payment/:id) and HMAC-signed webhooks. */
export function sandboxProvider(secret: string): PaymentProvider {
  return {
    name: "sandbox",
    // It plays every method's page.
    takes: () => true,
    async startPayment(payment, { origin, localize }) {
      return new URL(localize(`/sandbox-payment/${encodeURIComponent(payment.id)}`), origin);
    },
    async verifyWebhook(request): Promise<WebhookVerification> {
      const header = request.headers.get(SIGNATURE_HEADER);
      if (!header) return { ok: false, reason: "missing-signature" };
      const parts = Object.fromEntries(header.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
      const timestamp = Number(parts.t);
      const signature = fromHex(parts.v1 ?? "");
      if (!Number.isInteger(timestamp) || !signature) return { ok: false, reason: "malformed-signature" };
      if (Math.abs(Date.now() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
        return { ok: false, reason: "stale-timestamp" };
      const rawBody = await request.text();
      // WebCrypto's HMAC verify compares in constant time.
      const valid = await crypto.subtle.verify(
        "HMAC",
        await hmacKey(secret),
        signature,
        encoder.encode(`${timestamp}.${rawBody}`),
      );
      if (!valid) return { ok: false, reason: "bad-signature" };
      let json: unknown = null;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: "malformed-body" };
      }
      const parsed = eventBody.safeParse(json);
      if (!parsed.success) return { ok: false, reason: "malformed-body" };
      return {
        ok: true,
        event: { id: parsed.data.id, type: parsed.data.type, paymentId: parsed.data.data.payment_id },
      };
    },
  };
}
