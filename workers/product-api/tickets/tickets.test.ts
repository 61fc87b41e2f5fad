import { describe, expect, it } from "vitest";
import { accountIn, masterIn, staffOf } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import { insertOrder } from "@test-setup/orders";
import {
  email,
  guestTicket,
  accountTicket,
  read,
  list,
  reply,
  setStatus,
  outboxFor,
  orderOf,
} from "@test-setup/ticket-calls";

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
