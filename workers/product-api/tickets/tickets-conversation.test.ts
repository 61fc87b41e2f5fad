import { describe, expect, it } from "vitest";
import { accountIn } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import { TEST_SECRETS } from "@test-setup/secrets";
import { productApi } from "../index";
import {
  type Answer,
  call,
  SITE_URL,
  email,
  guestTicket,
  accountTicket,
  read,
  list,
  reply,
  setStatus,
  agentReply,
  outboxFor,
} from "@test-setup/ticket-calls";

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
