import { describe, expect, it } from "vitest";
import type { Account } from "@contract/api/accounts";
import type { Ticket, TicketList } from "@contract/api/tickets";
import { accountIn, masterIn, staffOf } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import { insertOrder } from "@test-setup/orders";
import { TEST_SECRETS } from "@test-setup/secrets";
import { productApi } from "../index";

type Answer = Partial<Ticket> &
  Partial<TicketList> & { error?: { code: number; message: string }; fieldErrors?: Record<string, string> };

// Tickets in the product API, called as the api-proxy would (bearer token, form-encoded).
async function call(path: string, fields?: Record<string, string>, method = fields ? "POST" : "GET") {
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

const SITE_URL = "https://wpx.es";
const email = () => `guest.${crypto.randomUUID().slice(0, 8)}@example.com`;
const guestTicket = (fields: Record<string, string> = {}) =>
  call("/tickets", {
    site: "WPX-ES",
    locale: "es",
    site_url: SITE_URL,
    name: "Lucía Pérez",
    email: email(),
    message: "Mi taza llegó rota y quiero otra, por favor.",
    ...fields,
  });
const accountTicket = (account: Account, fields: Record<string, string> = {}) =>
  call("/tickets", {
    site: account.site,
    locale: "en",
    site_url: SITE_URL,
    account_id: account.id,
    subject: "Broken mug",
    message: "The handle came off in the box.",
    ...fields,
  });

const read = (account: Account, publicId: string) =>
  call(`/tickets/${publicId}?site=${account.site}&account_id=${account.id}`);
const list = (account: Account, query = "") => call(`/tickets?site=${account.site}&account_id=${account.id}${query}`);
const reply = (account: Account, publicId: string, message = "Any news?") =>
  call(`/tickets/${publicId}/messages`, { site: account.site, account_id: account.id, message });
const setStatus = (account: Account, publicId: string, status: string) =>
  call(`/tickets/${publicId}/status`, { site: account.site, account_id: account.id, status });
const agentReply = (publicId: string, message: string) => call(`/operator/tickets/${publicId}/replies`, { message });

async function outboxFor(to: string) {
  return (
    await testEnv.STORE_DB.prepare(
      "SELECT subject, body_text AS body, kind FROM email_outbox WHERE to_address = ? ORDER BY id",
    )
      .bind(to)
      .all<{ subject: string; body: string; kind: string }>()
  ).results;
}

async function orderOf(account: Account) {
  const publicId = await insertOrder({ email: account.email });
  await testEnv.STORE_DB.prepare("UPDATE orders SET customer_id = ? WHERE public_id = ?")
    .bind(account.id, publicId)
    .run();
  return publicId;
}

describe("opening a ticket from the contact form", () => {
  it("keeps the message, makes a subject of it, and confirms by e-mail in the ticket's language", async () => {
    const to = email();
    const message = "Mi taza llegó rota.\nEl asa se soltó dentro de la caja y el paquete estaba aplastado por un lado.";
    const created = await guestTicket({ email: ` ${to.toUpperCase()} `, message });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      subject: "Mi taza llegó rota.",
      status: "PENDING",
      name: "Lucía Pérez",
      email: to,
      orderPublicId: null,
      lastAuthor: "CUSTOMER",
    });
    expect(created.body.publicId).toMatch(/^TK-[A-Z0-9]{8}$/);
    expect(created.body.messages).toEqual([
      expect.objectContaining({ author: "CUSTOMER", authorName: "Lucía Pérez", body: message }),
    ]);
    const [confirmation] = await outboxFor(to);
    expect(confirmation).toMatchObject({
      kind: "ticket-created",
      subject: `Hemos recibido tu consulta ${created.body.publicId}`,
    });
    expect(confirmation!.body).toContain("Hola, Lucía Pérez:");
    expect(confirmation!.body).toContain(message);
    expect(confirmation!.body).not.toContain("/accounts/tickets");
  });

  it("writes the confirmation in each language, a long first line cut at a word", async () => {
    const to = email();
    const long =
      "Zamówiłem fotoksiążkę dla babci na urodziny i niestety kilka stron ma wyraźne smugi na zdjęciach, co teraz?";
    const created = await guestTicket({ site: "WPX-PL", locale: "pl", email: to, message: long });
    expect(created.body.subject!.endsWith("…")).toBe(true);
    expect(created.body.subject!.length).toBeLessThanOrEqual(80);
    expect(long.startsWith(created.body.subject!.slice(0, -1))).toBe(true);
    expect((await outboxFor(to))[0]!.subject).toBe(`Otrzymaliśmy Twoje zgłoszenie ${created.body.publicId}`);
    const french = email();
    await guestTicket({ site: "WPX-FR", locale: "fr", email: french });
    expect((await outboxFor(french))[0]!.subject).toMatch(/^Nous avons bien reçu votre demande TK-/);
  });

  it("takes an order number only for an order of that e-mail on that site", async () => {
    const to = email();
    const order = await insertOrder({ email: to });
    const own = await guestTicket({ email: to.toUpperCase(), order_public_id: ` ${order.toLowerCase()} ` });
    expect(own).toMatchObject({ status: 201, body: { orderPublicId: order } });
    for (const refused of [
      await guestTicket({ email: email(), order_public_id: order }),
      await guestTicket({ site: "WPX-PT", locale: "pt", email: to, order_public_id: order }),
      await guestTicket({ email: to, order_public_id: "TNOSUCHORDER" }),
    ]) {
      expect(refused).toMatchObject({
        status: 400,
        body: { error: { code: 4000 }, fieldErrors: { order_public_id: "tickets.errors.orderUnknown" } },
      });
    }
    const count = await testEnv.STORE_DB.prepare("SELECT COUNT(*) AS count FROM tickets WHERE order_public_id = ?")
      .bind(order)
      .first<{ count: number }>();
    expect(count!.count).toBe(1);
  });

  it("refuses a guest without a name or an e-mail, and a message too short to say anything", async () => {
    for (const fields of [{ name: "" }, { email: "" }, { email: "not-an-email" }, { message: "Help" }] as Record<
      string,
      string
    >[]) {
      expect((await guestTicket(fields)).status, JSON.stringify(fields)).toBe(400);
    }
  });
});

describe("opening a ticket from an account", () => {
  it("takes the name and e-mail from the account, and the confirmation links to the ticket's page", async () => {
    const account = await accountIn("WPX-ES");
    const created = await accountTicket(account, { name: "Someone Else", email: "someone@example.com" });
    expect(created).toMatchObject({
      status: 201,
      body: { name: "Eva Moreno", email: account.email, subject: "Broken mug" },
    });
    expect(await outboxFor("someone@example.com")).toEqual([]);
    const [confirmation] = await outboxFor(account.email);
    expect(confirmation!.subject).toBe(`We have received your request ${created.body.publicId}`);
    expect(confirmation!.body).toContain(`https://wpx.es/en/accounts/tickets/${created.body.publicId}`);
    expect(confirmation!.body).not.toContain("The handle came off");
    expect((await accountTicket(account, { subject: "" })).status).toBe(400);
  });

  it("takes an order number only for an order the account may see", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders", "tickets"]);
    const ticketsOnly = await staffOf(master, ["tickets"]);
    const stranger = await accountIn();
    const staffOrder = await orderOf(staff);
    expect((await accountTicket(staff, { order_public_id: staffOrder })).status).toBe(201);
    expect((await accountTicket(master, { order_public_id: staffOrder })).status).toBe(201);
    for (const refused of [
      await accountTicket(stranger, { order_public_id: staffOrder }),
      await accountTicket(ticketsOnly, { order_public_id: staffOrder }),
    ]) {
      expect(refused).toMatchObject({
        status: 400,
        body: { fieldErrors: { order_public_id: "tickets.errors.orderUnknown" } },
      });
    }
  });

  it("refuses an account without the tickets permission, a suspended one, and one of another site", async () => {
    const master = await masterIn();
    const noTickets = await staffOf(master, ["orders"]);
    expect(await accountTicket(noTickets)).toMatchObject({ status: 403, body: { error: { code: 4030 } } });
    const suspended = await staffOf(master, ["tickets"], { status: "SUSPENDED" });
    expect((await accountTicket(suspended)).status).toBe(403);
    const account = await accountIn("WPX-ES");
    expect((await accountTicket({ ...account, site: "WPX-PT" })).status).toBe(403);
  });
});

describe("who sees a ticket", () => {
  it("a customer its own; another customer, another group's master and a staff member without the permission nothing", async () => {
    const customer = await accountIn();
    const { body } = await accountTicket(customer);
    const publicId = body.publicId!;
    expect(await read(customer, publicId)).toMatchObject({
      status: 200,
      body: { publicId, messages: [{ body: "The handle came off in the box." }] },
    });
    const otherMaster = await masterIn();
    for (const outsider of [await accountIn(), otherMaster, await staffOf(otherMaster, ["tickets"])]) {
      expect((await read(outsider, publicId)).status).toBe(404);
      expect((await reply(outsider, publicId)).status).toBe(404);
      expect((await setStatus(outsider, publicId, "ARCHIVED")).status).toBe(404);
      expect((await list(outsider)).body.items!.map((item) => item.publicId)).not.toContain(publicId);
    }
    const withoutPermission = await staffOf(otherMaster, ["orders"]);
    for (const refused of [
      await read(withoutPermission, publicId),
      await list(withoutPermission),
      await reply(withoutPermission, publicId),
    ]) {
      expect(refused).toMatchObject({ status: 403, body: { error: { code: 4030 } } });
    }
    expect((await read({ ...customer, site: "WPX-PT" }, publicId)).status).toBe(403);
    const after = await read(customer, publicId);
    expect(after.body.messages).toHaveLength(1);
    expect(after.body.status).toBe("PENDING");
  });

  it("a master and its staff with the permission the whole group's, each message naming its writer", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["tickets"]);
    const colleague = await staffOf(master, ["orders", "tickets"]);
    const staffTicket = (await accountTicket(staff, { subject: "Invoice address" })).body.publicId!;
    const masterTicket = (await accountTicket(master, { subject: "Bulk order" })).body.publicId!;
    for (const member of [master, staff, colleague]) {
      const seen = (await list(member)).body.items!.map((item) => item.publicId);
      expect(seen).toEqual(expect.arrayContaining([staffTicket, masterTicket]));
    }
    expect((await reply(master, staffTicket, "I add the VAT number: ESB12345678")).status).toBe(201);
    const thread = await read(colleague, staffTicket);
    expect(thread.body.messages!.map((message) => message.authorName)).toEqual(["Eva Moreno", "Eva Moreno"]);
    await testEnv.STORE_DB.prepare("UPDATE accounts SET first_name = 'Marta' WHERE id = ?").bind(master.id).run();
    expect((await read(staff, staffTicket)).body.messages!.map((message) => message.authorName)).toEqual([
      "Eva Moreno",
      "Marta Moreno",
    ]);
    const withoutPermission = await staffOf(master, ["orders"]);
    expect((await read(withoutPermission, staffTicket)).status).toBe(403);
  });

  it("nobody through an account sees a guest's ticket, even with the same e-mail", async () => {
    const account = await accountIn();
    const guest = await guestTicket({ email: account.email });
    expect((await read(account, guest.body.publicId!)).status).toBe(404);
    expect((await list(account)).body.items).toEqual([]);
  });
});

describe("the account's list", () => {
  it("shows newest activity first, counts every status and filters by one", async () => {
    const account = await accountIn();
    const first = (await accountTicket(account, { subject: "First" })).body.publicId!;
    const second = (await accountTicket(account, { subject: "Second" })).body.publicId!;
    const third = (await accountTicket(account, { subject: "Third" })).body.publicId!;
    await setStatus(account, second, "ARCHIVED");
    await reply(account, first, "Still waiting for an answer.");
    const all = await list(account);
    expect(all.body.items!.map((item) => item.subject)).toEqual(["First", "Second", "Third"]);
    expect(all.body.counts).toEqual({ PENDING: 2, RESOLVED: 0, ARCHIVED: 1 });
    expect(all.body).toMatchObject({ page: 1, pageCount: 1 });
    const archived = await list(account, "&status=ARCHIVED");
    expect(archived.body.items!.map((item) => item.publicId)).toEqual([second]);
    expect(archived.body.counts).toEqual(all.body.counts);
    expect((await list(account, "&status=PENDING")).body.items!.map((item) => item.publicId)).toEqual([first, third]);
  });

  it("pages by twenty", async () => {
    const account = await accountIn();
    const db = testEnv.STORE_DB;
    const old = "2026-01-01T00:00:00.000Z";
    await db.batch(
      Array.from({ length: 21 }, (_, index) =>
        db
          .prepare(`INSERT INTO tickets (public_id, site, account_id, name, email, locale, subject, status, created_at, updated_at)
        VALUES (?, 'WPX-ES', ?, 'Eva', ?, 'en', ?, 'RESOLVED', ?, ?)`)
          .bind(
            `TK-P${crypto.randomUUID().replaceAll("-", "").slice(0, 7).toUpperCase()}`,
            account.id,
            account.email,
            `Old ${index}`,
            old,
            old,
          ),
      ),
    );
    const first = await list(account);
    expect(first.body).toMatchObject({ page: 1, pageCount: 2, counts: { RESOLVED: 21 } });
    expect(first.body.items).toHaveLength(20);
    expect((await list(account, "&page=2")).body.items).toHaveLength(1);
    expect((await list(account, "&page=3")).body.items).toEqual([]);
  });
});

describe("the conversation", () => {
  it("resolves, archives, refuses to un-archive by status and reopens by a reply", async () => {
    const account = await accountIn();
    const publicId = (await accountTicket(account)).body.publicId!;
    expect(await setStatus(account, publicId, "RESOLVED")).toMatchObject({ status: 200, body: { status: "RESOLVED" } });
    expect(await setStatus(account, publicId, "ARCHIVED")).toMatchObject({ status: 200, body: { status: "ARCHIVED" } });
    expect(await setStatus(account, publicId, "ARCHIVED")).toMatchObject({ status: 200, body: { status: "ARCHIVED" } });
    expect(await setStatus(account, publicId, "RESOLVED")).toMatchObject({
      status: 409,
      body: { error: { code: 4090 } },
    });
    expect((await setStatus(account, publicId, "PENDING")).status).toBe(400);
    const reopened = await reply(account, publicId, "It happened again with the new mug.");
    expect(reopened).toMatchObject({ status: 201, body: { status: "PENDING", lastAuthor: "CUSTOMER" } });
    expect(reopened.body.messages!.map((message) => message.body)).toEqual([
      "The handle came off in the box.",
      "It happened again with the new mug.",
    ]);
  });

  it("support's answer resolves the ticket and e-mails the account a link, in its language", async () => {
    const account = await accountIn("WPX-PL", { locale: "pl" });
    const publicId = (
      await call("/tickets", {
        site: "WPX-PL",
        locale: "pl",
        site_url: "http://wpx-pl.localhost:8787",
        account_id: account.id,
        subject: "Zła faktura",
        message: "Na fakturze jest zły adres firmy.",
      })
    ).body.publicId!;
    const answered = await agentReply(publicId, "Poprawiliśmy adres na fakturze.");
    expect(answered).toMatchObject({ status: 201, body: { status: "RESOLVED", lastAuthor: "AGENT" } });
    expect(answered.body.messages!.at(-1)).toMatchObject({
      author: "AGENT",
      authorName: null,
      body: "Poprawiliśmy adres na fakturze.",
    });
    const mails = await outboxFor(account.email);
    expect(mails.map((mail) => mail.kind)).toEqual(["ticket-created", "ticket-reply"]);
    expect(mails[1]!.subject).toBe(`Odpowiedzieliśmy na Twoje zgłoszenie ${publicId}`);
    expect(mails[1]!.body).toContain(`https://wpx.pl/accounts/tickets/${publicId}`);
    expect(mails[1]!.body).not.toContain("Poprawiliśmy adres");
    expect((await read(account, publicId)).body.status).toBe("RESOLVED");
  });

  it("support's answer to a guest carries the answer itself", async () => {
    const to = email();
    const publicId = (await guestTicket({ site: "WPX-IT", locale: "it", email: to })).body.publicId!;
    await call(`/operator/tickets/${publicId}/replies`, {
      message: "Ti spediamo una tazza nuova domani.",
      site_url: "http://wpx-it.localhost:8787",
    });
    const [, answer] = await outboxFor(to);
    expect(answer!.subject).toBe(`Abbiamo risposto alla tua richiesta ${publicId}`);
    expect(answer!.body).toContain("Ti spediamo una tazza nuova domani.");
    expect(answer!.body).toContain("http://wpx-it.localhost:8787/contact");
  });

  it("the operator's endpoints do not exist where development endpoints are off", async () => {
    const publicId = (await guestTicket()).body.publicId!;
    const env = { STORE_DB: testEnv.STORE_DB, API_TOKEN: TEST_SECRETS.apiToken, EXPOSE_DEV_ENDPOINTS: "false" };
    const closed = await productApi.request(
      `/operator/tickets/${publicId}/replies`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_SECRETS.apiToken}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "message=Hello",
      },
      env,
    );
    expect(closed.status).toBe(404);
    const messages = await testEnv.STORE_DB.prepare(
      "SELECT COUNT(*) AS count FROM ticket_messages WHERE ticket_id = (SELECT id FROM tickets WHERE public_id = ?)",
    )
      .bind(publicId)
      .first<{ count: number }>();
    expect(messages!.count).toBe(1);
    expect((await agentReply("TK-NOSUCH00", "Hello")).status).toBe(404);
    const recent = await call("/operator/tickets?limit=5");
    expect((recent.body.items as { publicId: string }[]).map((item) => item.publicId)).toContain(publicId);
  });
});

describe("hostile input", () => {
  it.each([
    [
      "JSON where a form is expected",
      "/tickets",
      {
        method: "POST",
        body: JSON.stringify({ site: "WPX-ES", message: "Hello there, my order" }),
        headers: { "content-type": "application/json" },
      },
    ],
    [
      "a broken multipart body",
      "/tickets",
      { method: "POST", body: "--x\r\nbroken", headers: { "content-type": "multipart/form-data; boundary=y" } },
    ],
    [
      "an unknown site",
      "/tickets",
      {
        site: "XX-XX",
        locale: "es",
        site_url: SITE_URL,
        name: "A",
        email: "a@example.com",
        message: "Hello there, my order",
      },
    ],
    [
      "a message of a novel",
      "/tickets",
      {
        site: "WPX-ES",
        locale: "es",
        site_url: SITE_URL,
        name: "A",
        email: "a@example.com",
        message: "a".repeat(5001),
      },
    ],
    [
      "an absurd order number",
      "/tickets",
      {
        site: "WPX-ES",
        locale: "es",
        site_url: SITE_URL,
        name: "A",
        email: "a@example.com",
        message: "Hello there, my order",
        order_public_id: "x".repeat(300),
      },
    ],
    [
      "a site address that is a script",
      "/tickets",
      {
        site: "WPX-ES",
        locale: "es",
        site_url: "javascript:alert(1)",
        name: "A",
        email: "a@example.com",
        message: "Hello there",
      },
    ],
    ["a ticket id beyond the pattern", `/tickets/${"A".repeat(300)}?site=WPX-ES&account_id=acc_1`, undefined],
    ["a ticket id in lower case", "/tickets/tk-abcdefgh?site=WPX-ES&account_id=acc_1", undefined],
    ["an over-long account id", `/tickets?site=WPX-ES&account_id=${"a".repeat(65)}`, undefined],
    ["an absurd page", "/tickets?site=WPX-ES&account_id=acc_1&page=1e309", undefined],
    ["an unknown status filter", "/tickets?site=WPX-ES&account_id=acc_1&status=OPEN", undefined],
    ["an empty reply", "/tickets/TK-ABCDEFGH/messages", { site: "WPX-ES", account_id: "acc_1", message: "   " }],
  ] as const)("%s answers 400 with its error code", async (_name, path, fields) => {
    const response =
      fields && "method" in fields
        ? await testEnv.PRODUCT_API.fetch(
            new Request(`https://product-api.internal${path}`, {
              ...fields,
              headers: { ...fields.headers, authorization: `Bearer ${TEST_SECRETS.apiToken}` },
            }),
          )
        : null;
    const answer = response
      ? { status: response.status, body: (await response.json()) as Answer }
      : await call(path, fields as Record<string, string> | undefined);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe(4000);
  });

  it("keeps markup and SQL in a message as text", async () => {
    const account = await accountIn();
    const message = `<script>alert("x")</script>'); DROP TABLE tickets; --`;
    const created = await accountTicket(account, { subject: "<b>bold</b>", message });
    expect(created.body.messages![0]!.body).toBe(message);
    expect((await read(account, created.body.publicId!)).body.subject).toBe("<b>bold</b>");
  });
});
