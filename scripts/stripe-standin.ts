// A local stand-in for Stripe's API and hosted Checkout page, for the tests and `npm start -- --stripe`: no network
// reaches Stripe here. It answers the calls the store makes as Stripe documents them (form-encoded requests, JSON
// objects and error bodies of the 2026-10-28 API), plays the hosted page (pay, a declined card, back to the shop),
// and signs each event as Stripe does: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`
// keyed with the endpoint's whole `whsec_...` secret. Events are delivered to `webhookUrl` when there is one, and
// are always listed by GET /v1/events, as Stripe lists them.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Where `npm start -- --stripe` serves it (stripe-mock's port). */
export const STRIPE_STANDIN_PORT = 12111;

export const STRIPE_STANDIN_KEYS = {
  secretKey: "sk_test_standinstandinstandin0000",
  webhookSecret: "whsec_standinstandinstandinstandin000000",
};

const API_VERSION = "2026-10-28.endive";

type Session = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string | null;
  ui_mode: string;
  url: string | null;
  /** Not Stripe's: what the stand-in shows on its page. */
  _description: string;
};

type StripeEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: Omit<Session, "_description"> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
};

const randomId = (prefix: string, length = 24) =>
  `${prefix}${randomBytes(length).toString("base64url").replace(/[-_]/g, "0").slice(0, length)}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=x` → { a: { b: [{ c: "x" }] } }, as Stripe reads its form-encoded parameters. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = path[index + 1]!;
      node[part] ??= /^\d+$/.test(next) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

/** The `Stripe-Signature` header Stripe sends with a payload. */
export function stripeSignature(payload: string, secret: string, timestamp = now()) {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex")}`;
}

async function bodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    "content-type": "application/json",
    "request-id": randomId("req_", 14),
    "stripe-version": API_VERSION,
  });
  response.end(JSON.stringify(body));
}

const stripeError = (response: ServerResponse, status: number, message: string, extra: Record<string, string> = {}) =>
  json(response, status, {
    error: { type: status === 401 ? "invalid_request_error" : "invalid_request_error", message, ...extra },
  });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** Starts the stand-in on a local port (0: any free one). */
export async function startStripeStandIn(options: { port?: number; webhookUrl?: string } = {}) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  // The tests' process may end while it listens.
  server.unref();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sessions = new Map<string, Session>();
  const events: StripeEvent[] = [];
  const deliveries: { event: string; status: number | string }[] = [];

  const publicSession = (session: Session) => {
    const { _description, ...rest } = session;
    return rest;
  };

  async function emit(type: string, session: Session) {
    const event: StripeEvent = {
      id: randomId("evt_"),
      object: "event",
      api_version: API_VERSION,
      created: now(),
      data: { object: publicSession(session) },
      livemode: false,
      pending_webhooks: options.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.unshift(event);
    if (!options.webhookUrl) return;
    const payload = JSON.stringify(event, null, 2);
    try {
      const answer = await fetch(options.webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": stripeSignature(payload, STRIPE_STANDIN_KEYS.webhookSecret),
        },
        body: payload,
      });
      deliveries.push({ event: event.id, status: answer.status });
    } catch (error) {
      deliveries.push({ event: event.id, status: String(error) });
    }
  }

  function createSession(params: Record<string, unknown>): Session | string {
    if (params.mode !== "payment") return "Missing required param: mode.";
    const items = params.line_items as
      | {
          quantity?: string;
          price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
        }[]
      | undefined;
    const item = items?.[0];
    const amount = Number(item?.price_data?.unit_amount);
    const quantity = Number(item?.quantity ?? "1");
    if (!item?.price_data?.currency || !Number.isInteger(amount) || amount < 1)
      return "Invalid line_items[0][price_data]: a currency and a positive integer unit_amount are required.";
    if (typeof params.success_url !== "string" || !URL.canParse(params.success_url))
      return "Not a valid URL: success_url.";
    const allowed = Array.isArray(params.allowed_payment_method_types)
      ? (params.allowed_payment_method_types as string[])
      : null;
    const id = `cs_test_${randomId("", 58)}`;
    return {
      id,
      object: "checkout.session",
      amount_subtotal: amount * quantity,
      amount_total: amount * quantity,
      currency: item.price_data.currency,
      client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
      created: now(),
      expires_at: Number(params.expires_at ?? now() + 24 * 3600),
      livemode: false,
      locale: typeof params.locale === "string" ? params.locale : null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      mode: "payment",
      payment_intent: null,
      allowed_payment_method_types: allowed,
      payment_method_types: allowed ?? ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url,
      cancel_url: typeof params.cancel_url === "string" ? params.cancel_url : null,
      ui_mode: String(params.ui_mode ?? "hosted_page"),
      url: `${url}/c/pay/${id}`,
      _description: item.price_data.product_data?.name ?? "",
    };
  }

  function hostedPage(session: Session, notice = "") {
    const amount = new Intl.NumberFormat("en", { style: "currency", currency: session.currency.toUpperCase() }).format(
      session.amount_total / 100,
    );
    const open = session.status === "open";
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (local stand-in)</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:system-ui;max-width:28rem;margin:2rem auto;padding:0 1rem">
<p role="note" style="border:2px dashed #b45309;padding:.5rem">Local stand-in for Stripe Checkout: no money moves.</p>
<h1 data-testid="standin-description">${escapeHtml(session._description)}</h1>
<p data-testid="standin-amount" style="font-size:1.5rem;font-weight:700">${escapeHtml(amount)}</p>
<p>Method: <span data-testid="standin-method">${escapeHtml(session.payment_method_types.join(", "))}</span></p>
${notice ? `<p role="alert" style="color:#b91c1c">${escapeHtml(notice)}</p>` : ""}
${
  open
    ? `<form method="post"><button name="action" value="pay">Pay ${escapeHtml(amount)}</button> <button name="action" value="decline">Pay with a declined card</button></form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">← Back</a></p>` : ""}`
    : `<p role="status">This Checkout Session is no longer active.</p>`
}
</body></html>`;
  }

  server.on("request", async (request, response) => {
    try {
      const path = new URL(request.url ?? "/", url).pathname;
      const page = /^\/c\/pay\/(cs_test_[A-Za-z0-9]+)$/.exec(path);
      if (page) {
        const session = sessions.get(page[1]!);
        if (!session) return void response.writeHead(404).end("Not found");
        if (request.method === "POST") {
          const action = new URLSearchParams(await bodyOf(request)).get("action");
          if (session.status === "open" && action === "pay") {
            Object.assign(session, {
              status: "complete",
              payment_status: "paid",
              payment_intent: randomId("pi_"),
              url: null,
            });
            await emit("checkout.session.completed", session);
            return void response.writeHead(303, { location: session.success_url }).end();
          }
          if (session.status === "open" && action === "decline") {
            // As Stripe Checkout does: the page says so and the shopper may try again; no event.
            response.writeHead(402, { "content-type": "text/html; charset=utf-8" });
            return void response.end(hostedPage(session, "Your card was declined."));
          }
        }
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return void response.end(hostedPage(session));
      }

      if (!path.startsWith("/v1/"))
        return stripeError(response, 404, `Unrecognized request URL (${request.method}: ${path}).`);
      const key = /^Bearer ((sk|rk)_test_[A-Za-z0-9]+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (key !== STRIPE_STANDIN_KEYS.secretKey) return stripeError(response, 401, "Invalid API Key provided.");
      const body = request.method === "POST" ? parseStripeForm(await bodyOf(request)) : {};

      if (path === "/v1/checkout/sessions" && request.method === "POST") {
        const session = createSession(body);
        if (typeof session === "string") return stripeError(response, 400, session);
        sessions.set(session.id, session);
        return json(response, 200, publicSession(session));
      }
      const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
      if (one) {
        const session = sessions.get(one[1]!);
        if (!session)
          return stripeError(response, 404, `No such checkout.session: '${one[1]}'`, {
            code: "resource_missing",
            param: "session",
          });
        if (one[2] && request.method === "POST") {
          if (session.status !== "open")
            return stripeError(response, 400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
          Object.assign(session, { status: "expired", url: null });
          await emit("checkout.session.expired", session);
        }
        return json(response, 200, publicSession(session));
      }
      if (path === "/v1/events" && request.method === "GET") {
        const type = new URL(request.url ?? "/", url).searchParams.get("type");
        const data = events.filter((event) => !type || event.type === type);
        return json(response, 200, { object: "list", data, has_more: false, url: "/v1/events" });
      }
      return stripeError(response, 404, `Unrecognized request URL (${request.method}: ${path}).`);
    } catch (error) {
      stripeError(response, 500, `Stand-in failure: ${String(error)}`);
    }
  });

  return {
    url,
    /** Events as delivered (or not) to the webhook URL. */
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
