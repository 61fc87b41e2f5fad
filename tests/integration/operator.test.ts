import { describe, expect, it } from "vitest";
import { accountIn, signedInAs } from "../setup/accounts";
import { testEnv, visit } from "../setup/app";
import { outboxFor } from "../setup/orders";
import { TEST_SECRETS } from "../setup/secrets";

// The operator scripts' door through the running storefront (`npm run ticket:reply`, `npm run order:status`).
const operator = (path: string, init: RequestInit & { token?: string } = {}) => {
  const { token = TEST_SECRETS.apiToken, headers, ...rest } = init;
  // Like the scripts (Node's fetch): no Origin, no cookie, the bearer token.
  return visit(`/api/operator${path}`, {
    ...rest,
    headers: { origin: "", authorization: `Bearer ${token}`, ...(headers as Record<string, string>) },
  });
};
const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

async function openTicket() {
  const cookie = await signedInAs(await accountIn());
  const response = await visit("/accounts/tickets", {
    cookie,
    ...form({ subject: "Taza rota", message: "Mi taza llegó con el asa rota.", order_public_id: "" }),
  });
  return /(TK-[A-Z0-9]{8})/.exec(response.headers.get("location") ?? "")![1]!;
}

describe("the operator's door at /api/operator", () => {
  it("does not exist without the server's API token", async () => {
    for (const token of ["", "wrong", `${TEST_SECRETS.apiToken}x`]) {
      const response = await operator("/orders?limit=1", { token });
      expect(response.status).toBe(404);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect((await visit("/api/operator/orders?limit=1")).status).toBe(404);
  });

  it("answers support's reply to a ticket without Origin: the ticket is resolved and its sender e-mailed", async () => {
    const publicId = await openTicket();
    const shown = await operator(`/tickets/${publicId}`);
    expect(shown.status).toBe(200);
    const ticket = (await shown.json()) as { publicId: string; status: string; email: string };
    expect(ticket).toMatchObject({ publicId, status: "PENDING" });
    const answer = "Te enviamos otra taza hoy mismo.";
    const replied = await operator(
      `/tickets/${publicId}/replies`,
      form({ message: answer, site_url: "http://wpx-es.localhost:8787" }),
    );
    expect(replied.status).toBe(200);
    expect(replied.headers.get("set-cookie")).toBeNull();
    expect(await replied.json()).toMatchObject({
      publicId,
      status: "RESOLVED",
      messages: [{ author: "CUSTOMER" }, { author: "AGENT", body: answer }],
    });
    const mails = await outboxFor(ticket.email);
    expect(mails.map((mail) => mail.kind)).toEqual(["ticket-created", "ticket-reply"]);
    expect(mails[1]!.body).toContain(`http://wpx-es.localhost:8787/accounts/tickets/${publicId}`);
    const stored = await testEnv.STORE_DB.prepare("SELECT status FROM tickets WHERE public_id = ?")
      .bind(publicId)
      .first<{ status: string }>();
    expect(stored?.status).toBe("RESOLVED");
  });

  it("passes the product API's refusal on with its status and message", async () => {
    const missing = await operator("/tickets/TK-ZZZZZZZZ/replies", form({ message: "Hola" }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { message: "Ticket not found" } });
    const invalid = await operator("/orders/NOPE/status", form({ status_code: "12345" }));
    expect(invalid.status).toBeGreaterThanOrEqual(400);
    expect(invalid.status).toBeLessThan(500);
  });

  it("answers hostile input with a 4xx and a clear message", async () => {
    const wrongType = await operator("/tickets/TK-ZZZZZZZZ/replies", {
      method: "POST",
      body: '{"message":"x"}',
      headers: { "content-type": "application/json" },
    });
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toMatchObject({
      error: { message: "Send the fields as application/x-www-form-urlencoded" },
    });
    const huge = await operator("/tickets/TK-ZZZZZZZZ/replies", form({ message: "x".repeat(20_000) }));
    expect(huge.status).toBe(413);
    expect(
      (
        await operator("/orders", {
          method: "PUT",
          body: "",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(405);
    const broken = await operator("/tickets/TK-ZZZZZZZZ/replies", {
      method: "POST",
      body: "%E0%A4%A=&&=",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    expect((await operator("/nowhere")).status).toBe(404);
  });

  it("still refuses a cross-site state change anywhere else", async () => {
    const response = await visit("/contact", {
      ...form({ name: "A", email: "a@example.com", message: "Hola, una pregunta", website: "" }),
      headers: {
        origin: "",
        authorization: `Bearer ${TEST_SECRETS.apiToken}`,
        "content-type": "application/x-www-form-urlencoded",
      },
    });
    expect(response.status).toBe(403);
  });
});
