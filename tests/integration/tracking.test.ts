import { describe, expect, it } from "vitest";
import { customer, sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { insertOrder, operate } from "../setup/orders";
import { TEST_SECRETS } from "../setup/secrets";
import { pageText as text } from "./html";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

function currentStep(html: string) {
  return text(/<li aria-current="step"[\s\S]*?<\/li>/.exec(html)?.[0] ?? "");
}

/** Looks an order up the way a shopper does, and returns the session that may now see it. */
async function lookUp(publicId: string, email = "ana.garcia@example.com", cookie?: string) {
  const response = await visit("/tracking", { ...form({ public_id: publicId, email }), cookie });
  return { response, cookie: sessionCookieFrom(response) ?? cookie };
}

const VALID_IBAN = "ES91 2100 0418 4502 0005 1332";

describe("order lookup", () => {
  it("finds the order with its e-mail in any case and spacing, remembers it in the session, and opens it", async () => {
    const publicId = await insertOrder();
    const { response, cookie } = await lookUp(publicId, "  ANA.Garcia@Example.COM ");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/tracking/${publicId}`);
    const page = await visit(`/tracking/${publicId}`, { cookie: cookie! });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(text(html)).toContain(`Pedido ${publicId}`);
    expect(currentStep(html)).toContain("Pedido recibido");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    // The order number typed in lower case, with spaces around it, is the same order.
    const typed = await lookUp(` ${publicId.toLowerCase()} `, "ana.garcia@example.com");
    expect(typed.response.headers.get("location")).toBe(`/tracking/${publicId}`);
  });

  it("answers a wrong e-mail and a wrong order number with the same message, keeping what was typed", async () => {
    const publicId = await insertOrder();
    const wrongEmail = await lookUp(publicId, "someone@example.com");
    const wrongId = await lookUp("TNOSUCHORDER", "ana.garcia@example.com");
    const otherSite = await visit("/tracking", {
      ...form({ public_id: publicId, email: "ana.garcia@example.com" }),
      brand: "WPX-PT",
    });
    for (const { response } of [wrongEmail, wrongId, { response: otherSite }]) expect(response.status).toBe(400);
    const messages = await Promise.all(
      [wrongEmail.response, wrongId.response].map(async (response) => {
        const html = await response.text();
        return { error: text(/data-testid="tracking-error"[^>]*>[^<]*/.exec(html)?.[0] ?? ""), html };
      }),
    );
    expect(messages[0]!.error).toContain("No encontramos ningún pedido con estos datos");
    expect(messages[1]!.error).toBe(messages[0]!.error);
    expect(messages[0]!.html).toContain('value="someone@example.com"');
    expect(messages[1]!.html).toContain('value="TNOSUCHORDER"');
    expect(sessionCookieFrom(wrongEmail.response)).toBeNull();
  });

  it("re-renders translated field errors for an empty order number and a malformed e-mail", async () => {
    const response = await visit("/en/tracking", form({ public_id: "", email: "ana@" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(text(html)).toContain("Enter your order number.");
    expect(text(html)).toContain("Enter a valid e-mail address");
    expect(html).toMatch(/id="tracking-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="tracking-email"/);
    expect(html).toContain('value="ana@"');
  });

  it("sends a logged-in customer to their orders", async () => {
    const { cookie } = await sessionCookie({ customer: customer() });
    const response = await visit("/tracking", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/accounts/orders");
  });
});

describe("who may see an order", () => {
  it("sends a session that has not looked the order up to the lookup, with the number filled in", async () => {
    const publicId = await insertOrder();
    const { cookie } = await sessionCookie();
    const response = await visit(`/tracking/${publicId}`, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/tracking?public_id=${publicId}`);
    const lookup = await (await visit(`/tracking?public_id=${publicId}`, { cookie })).text();
    expect(text(lookup)).toContain(`Para ver el pedido ${publicId}, confirma el correo electrónico`);
    expect(lookup).toContain(`value="${publicId}"`);
    const action = await visit(`/tracking/${publicId}/user_required_actions/ANYACTION`, { cookie });
    expect(action.status).toBe(302);
    const english = await visit(`/en/tracking/${publicId}`, { cookie });
    expect(english.headers.get("location")).toBe(`/en/tracking?public_id=${publicId}`);
  });

  it("gives the spec's 404 for an order the session remembers but that does not exist", async () => {
    const { cookie } = await sessionCookie({ orderIds: ["TGONE0000"] });
    const response = await visit("/tracking/TGONE0000", { cookie });
    expect(response.status).toBe(404);
  });
});

describe("the timeline as the operator moves the order", () => {
  it("shows the steps still ahead, which shrink as the order moves and are gone once it is delivered", async () => {
    const upcoming = (html: string) =>
      [...(/data-testid="upcoming"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? "").matchAll(/<p[^>]*>([^<]+)<\/p>/g)].map(
        (match) => match[1],
      );
    const publicId = await insertOrder();
    const { cookie } = await lookUp(publicId);
    const page = async () => (await visit(`/tracking/${publicId}`, { cookie: cookie! })).text();
    expect(upcoming(await page())).toEqual([
      "En producción",
      "Producción terminada",
      "Empaquetado",
      "Enviado",
      "Entregado",
    ]);
    for (let step = 0; step < 4; step++) await operate(publicId, "advance");
    expect(upcoming(await page())).toEqual(["Entregado"]);
    await operate(publicId, { status_code: 15, shipment_status: "DELIVERED" });
    expect(await page()).not.toContain('data-testid="upcoming"');
  });

  it("labels each step in the page's language, with the carrier's reference once shipped", async () => {
    const publicId = await insertOrder();
    const { cookie } = await lookUp(publicId);
    for (let step = 0; step < 3; step++) expect((await operate(publicId, "advance")).status).toBe(200);
    const shipped = await operate(publicId, "advance");
    expect(shipped.body).toMatchObject({ statusCode: 9, shipmentStatus: "ON_ROUTE" });
    expect(shipped.body.trackingReference).toMatch(/^GLS-\d{11}$/);

    const spanish = await (await visit(`/tracking/${publicId}`, { cookie: cookie! })).text();
    expect(currentStep(spanish)).toContain("Enviado");
    expect(currentStep(spanish)).toContain("En camino");
    for (const label of ["Pedido recibido", "En producción", "Producción terminada", "Empaquetado"])
      expect(text(spanish)).toContain(label);
    expect(spanish).toContain(shipped.body.trackingReference as string);
    expect(text(spanish)).toContain("Transportista: GLS");

    expect((await operate(publicId, "advance")).body).toMatchObject({ statusCode: 9, shipmentStatus: "ON_DELIVERY" });
    const english = await (await visit(`/en/tracking/${publicId}`, { cookie: cookie! })).text();
    expect(currentStep(english)).toContain("Out for delivery");
    expect(text(english)).toContain("Shipped");
    expect(text(english)).toContain("Order received");
    expect(text(english)).toContain("Calle Mayor 1");
    expect(text(english)).toContain("2 × Packs de fotos reveladas");
  });

  it("shows the help topics for buying while unpaid, for waiting once paid, and for received once delivered", async () => {
    const topicSetOf = async (publicId: string, cookie: string) => {
      const html = await (await visit(`/tracking/${publicId}`, { cookie })).text();
      const section = /data-testid="help-topics"[\s\S]*?<\/section>/.exec(html)![0];
      return {
        set: /data-topic-set="(\w+)"/.exec(section)![1],
        ids: [...section.matchAll(/help-center\/topic\/[^"]*_(\d+)"/g)].map((match) => Number(match[1])),
      };
    };
    const unpaid = await insertOrder({ paymentStatus: "PENDING" });
    const unpaidSession = (await lookUp(unpaid)).cookie!;
    expect(await topicSetOf(unpaid, unpaidSession)).toEqual({
      set: "beforePurchase",
      ids: expect.arrayContaining([90, 23, 25, 27]),
    });

    const paid = await insertOrder({ deliveryType: "PICKPOINT", carrier: "GLS" });
    const cookie = (await lookUp(paid)).cookie!;
    expect(await topicSetOf(paid, cookie)).toEqual({
      set: "ordersWaiting",
      ids: expect.arrayContaining([17, 21, 33, 29]),
    });
    const states = [];
    for (let step = 0; step < 6; step++) states.push((await operate(paid, "advance")).body);
    expect(states.map((state) => `${state.statusCode}/${state.shipmentStatus}`)).toEqual([
      "1/null",
      "13/null",
      "8/PROCESSING",
      "9/ON_ROUTE",
      "14/PENDING_TO_PICK",
      "15/PICKED",
    ]);
    expect(await topicSetOf(paid, cookie)).toEqual({
      set: "ordersReceived",
      ids: expect.arrayContaining([8, 11, 26, 31]),
    });
    expect(currentStep(await (await visit(`/en/tracking/${paid}`, { cookie })).text())).toContain("Delivered");
  });

  it("refuses to move an order out of delivered, and production for an unpaid order", async () => {
    const publicId = await insertOrder({ deliveryType: "FACTORY_PICKUP" });
    const path = [];
    for (let step = 0; step < 4; step++) path.push((await operate(publicId, "advance")).body.statusCode);
    expect(path).toEqual([1, 13, 14, 15]);
    for (const change of [
      "advance",
      { status_code: 10 },
      { status_code: 9 },
      { shipment_status: "INCIDENCE" },
    ] as const) {
      const refused = await operate(publicId, change);
      expect(refused.status).toBe(409);
      expect(refused.body.error?.message).toContain("delivered (15): its status can no longer change");
    }
    const unpaid = await insertOrder({ paymentStatus: "PENDING" });
    const production = await operate(unpaid, "advance");
    expect(production.status).toBe(409);
    expect(production.body.error?.message).toContain("not paid");
    expect((await operate(unpaid, { status_code: 4 })).body).toMatchObject({ statusCode: 4 });
    expect((await operate(unpaid, { status_code: 8 })).status).toBe(409);
  });

  it("cancels an unpaid order by cancelling its payment, without asking for bank details", async () => {
    const publicId = await insertOrder({ paymentStatus: "PENDING" });
    const canceled = await operate(publicId, { status_code: 10 });
    expect(canceled.body).toMatchObject({ statusCode: 10, paymentStatus: "CANCELED", userRequiredActions: [] });
    expect((await operate(publicId, { status_code: 0 })).status).toBe(409);
  });
});

describe("the refund details a cancelled paid order asks for", () => {
  async function cancelledPaidOrder() {
    const publicId = await insertOrder();
    const { cookie } = await lookUp(publicId);
    const canceled = await operate(publicId, { status_code: 10 });
    const actions = canceled.body.userRequiredActions as {
      publicId: string;
      type: string;
      resolvedAt: string | null;
    }[];
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ type: "PROVIDE_DATA_TO_REFUND", resolvedAt: null });
    return {
      publicId,
      cookie: cookie!,
      actionId: actions[0]!.publicId,
      path: `/tracking/${publicId}/user_required_actions/${actions[0]!.publicId}`,
    };
  }

  it("asks from the tracking page, refuses an IBAN with a wrong checksum, stores a valid one once and then shows it resolved", async () => {
    const { publicId, cookie, actionId, path } = await cancelledPaidOrder();
    const tracking = await (await visit(`/tracking/${publicId}`, { cookie })).text();
    expect(currentStep(tracking)).toContain("Cancelado");
    expect(tracking).toContain(`href="${path}"`);
    expect(text(tracking)).toContain("Introducir datos bancarios");

    const invalid = await visit(path, {
      ...form({ holder: "Ana García", iban: "ES91 2100 0418 4502 0005 1333" }),
      cookie,
    });
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(text(invalidHtml)).toContain("Este IBAN no es válido");
    expect(invalidHtml).toContain('value="Ana García"');
    expect(invalidHtml).toContain('value="ES91 2100 0418 4502 0005 1333"');

    const stored = await visit(path, { ...form({ holder: "Ana García", iban: VALID_IBAN }), cookie });
    expect(stored.status).toBe(303);
    expect(stored.headers.get("location")).toBe(path);
    const resolved = await (await visit(path, { cookie })).text();
    expect(resolved).toContain('data-testid="action-resolved"');
    expect(text(resolved)).toContain("ES91 •••• 1332");
    expect(resolved).not.toContain("2100 0418");
    expect(resolved).not.toContain('name="iban"');

    const second = await visit(path, {
      ...form({ holder: "Someone Else", iban: "DE89 3704 0044 0532 0130 00" }),
      cookie,
    });
    expect(second.status).toBe(409);
    expect(text(await second.text())).toContain("Ya tenemos datos bancarios para este reembolso");
    const direct = await testEnv.PRODUCT_API.fetch(
      new Request(`https://product-api.internal/tracking/${publicId}/actions/${actionId}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_SECRETS.apiToken}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ site: "WPX-ES", holder: "Someone Else", iban: "DE89370400440532013000" }),
      }),
    );
    expect(direct.status).toBe(409);
    const row = await testEnv.STORE_DB.prepare("SELECT answer FROM user_required_actions WHERE public_id = ?")
      .bind(actionId)
      .first<{ answer: string }>();
    expect(JSON.parse(row!.answer)).toEqual({ holder: "Ana García", iban: "ES9121000418450200051332" });

    const after = await (await visit(`/en/tracking/${publicId}`, { cookie })).text();
    expect(after).not.toContain('data-testid="open-action"');
    expect(text(after)).toContain("Bank details for the refund received on");
  });

  it("does not open another order's action, nor an action without looking the order up", async () => {
    const first = await cancelledPaidOrder();
    const second = await cancelledPaidOrder();
    const crossed = await visit(`/tracking/${first.publicId}/user_required_actions/${second.actionId}`, {
      cookie: first.cookie,
    });
    expect(crossed.status).toBe(404);
    const { cookie: stranger } = await sessionCookie();
    const refused = await visit(second.path, { ...form({ holder: "Mallory", iban: VALID_IBAN }), cookie: stranger });
    expect(refused.status).toBe(302);
    const row = await testEnv.STORE_DB.prepare(
      "SELECT resolved_at AS resolvedAt FROM user_required_actions WHERE public_id = ?",
    )
      .bind(second.actionId)
      .first();
    expect(row).toEqual({ resolvedAt: null });
  });
});
